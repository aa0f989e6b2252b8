import type { SessionResponse } from '@jornada/shared/schemas/auth';
import { useCallback, useRef } from 'react';
import { setSession } from '@/lib/session';
import { confirmPendingEnrolment, startPendingEnrolment } from '../api/two-factor-login';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/**
 * Required by the role or the company and not set up yet (decision 055): the enrolment comes
 * between the password and the session; the session is stored once the recovery codes are seen.
 */
export default function ForcedEnrolment({ pendingToken }: { pendingToken: string }) {
  const session = useRef<SessionResponse | null>(null);
  const start = useCallback(() => startPendingEnrolment(pendingToken), [pendingToken]);
  const confirm = useCallback(
    async (code: string) => {
      const { recoveryCodes, ...signedIn } = await confirmPendingEnrolment({ pendingToken, code });
      session.current = signedIn;
      return recoveryCodes;
    },
    [pendingToken],
  );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">Tu cuenta requiere la verificación en dos pasos. Configúrala para continuar.</p>
      <TwoFactorEnrolment start={start} confirm={confirm} onFinished={() => session.current && setSession(session.current)} finishLabel="He guardado los códigos, continuar" />
    </div>
  );
}
