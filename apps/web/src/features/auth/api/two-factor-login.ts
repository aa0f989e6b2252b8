import type { SessionResponse } from '@jornada/shared/schemas/auth';
import type { EnrolledSession, TwoFactorSetup } from '@jornada/shared/schemas/two-factor';
import { api } from '@/lib/api-client';

/** The second step of a sign-in (decision 055); the forms show failures themselves. */
export function verifyTwoFactor(body: { pendingToken: string; code: string; rememberDevice: boolean }): Promise<SessionResponse> {
  return api.post<SessionResponse>('/auth/two-factor/verify', body, { toastOnError: false });
}

export function startPendingEnrolment(pendingToken: string): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/auth/two-factor/enrol', { pendingToken }, { toastOnError: false });
}

export function confirmPendingEnrolment(body: { pendingToken: string; code: string }): Promise<EnrolledSession> {
  return api.post<EnrolledSession>('/auth/two-factor/enrol/confirm', body, { toastOnError: false });
}
