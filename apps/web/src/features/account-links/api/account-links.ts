import type { MessageResponse, SetPasswordWithToken, TokenInfo } from '@jornada/shared/schemas/account-lifecycle';
import type { LoginResponse } from '@jornada/shared/schemas/two-factor';
import { api } from '@/lib/api-client';

/*
 * Plain calls, no query library: these pages are reached signed out from a mail, like the login
 * page (decision 018's first-visit budget). Each page shows its own failures.
 */
const quiet = { toastOnError: false } as const;

export const requestPasswordReset = (identifier: string) => api.post<MessageResponse>('/auth/password-reset', { identifier }, quiet);
export const inspectToken = (token: string) => api.post<TokenInfo>('/auth/tokens/inspect', { token }, quiet);
export const confirmPasswordReset = (body: SetPasswordWithToken) => api.post<LoginResponse>('/auth/password-reset/confirm', body, quiet);
export const acceptInvitation = (body: SetPasswordWithToken) => api.post<LoginResponse>('/auth/invitations/accept', body, quiet);
export const confirmEmailChange = (token: string) => api.post<MessageResponse>('/auth/email-change/confirm', { token }, quiet);
