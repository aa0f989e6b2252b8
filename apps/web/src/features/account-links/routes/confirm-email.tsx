import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { refreshSession } from '@/lib/session';
import { confirmEmailChange } from '../api/account-links';
import { InvalidLink, LinkCard } from '../components/link-card';
import { useLinkToken } from '../components/link-token';

/**
 * /confirmar-correo#t=…: the link sent to the new address. Confirmed by a button rather than on
 * load, so a mail scanner that opens links cannot confirm it.
 */
export default function ConfirmEmailRoute() {
  const token = useLinkToken();
  const [state, setState] = useState<{ kind: 'idle' | 'pending' | 'invalid' } | { kind: 'done' | 'error'; message: string }>(token ? { kind: 'idle' } : { kind: 'invalid' });

  const onConfirm = () => {
    if (!token) return;
    setState({ kind: 'pending' });
    confirmEmailChange(token).then(
      (answer) => {
        setState({ kind: 'done', message: answer.message });
        void refreshSession();
      },
      (error: unknown) => {
        if (isApiError(error) && error.code === 'LINK_INVALID') return setState({ kind: 'invalid' });
        setState({ kind: 'error', message: isApiError(error) && error.fromServer && error.message ? error.message : 'No se pudo confirmar el correo. Inténtalo de nuevo.' });
      },
    );
  };

  if (state.kind === 'invalid') {
    return (
      <LinkCard title="Enlace no válido">
        <InvalidLink again={{ to: '/dashboard/account', label: 'Pedir el cambio de nuevo desde Mi Cuenta' }} />
      </LinkCard>
    );
  }
  return (
    <LinkCard title="Confirmar correo electrónico" description="Confirma que quieres usar esta dirección en tu cuenta de Jornada.">
      <div className="flex flex-col gap-4">
        {state.kind === 'done' && (
          <Alert role="status">
            <AlertDescription>{state.message}</AlertDescription>
          </Alert>
        )}
        {state.kind === 'error' && (
          <Alert variant="destructive">
            <AlertDescription>{state.message}</AlertDescription>
          </Alert>
        )}
        {state.kind === 'done' ? (
          <Link to="/dashboard" className="text-center font-medium text-primary underline underline-offset-4">
            Ir a Jornada
          </Link>
        ) : (
          <Button size="lg" className="w-full" onClick={onConfirm} disabled={state.kind === 'pending'}>
            {state.kind === 'pending' && <Spinner />}
            Confirmar correo
          </Button>
        )}
      </div>
    </LinkCard>
  );
}
