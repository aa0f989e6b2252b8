import { passwordResetRequestSchema } from '@jornada/shared/schemas/account-lifecycle';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { requestPasswordReset } from '../api/account-links';
import { LinkCard } from '../components/link-card';

/** '¿Has olvidado tu contraseña?': the server answers the same whether or not the account exists. */
export default function ForgotPasswordRoute() {
  const [identifier, setIdentifier] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [state, setState] = useState<{ kind: 'idle' | 'pending' } | { kind: 'done' | 'error'; message: string }>({ kind: 'idle' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse({ identifier });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    setFieldError(undefined);
    setState({ kind: 'pending' });
    requestPasswordReset(parsed.data.identifier).then(
      (answer) => setState({ kind: 'done', message: answer.message }),
      (error: unknown) =>
        setState({ kind: 'error', message: isApiError(error) && error.fromServer && error.message ? error.message : 'No se pudo enviar la solicitud. Inténtalo de nuevo.' }),
    );
  };

  return (
    <LinkCard title="Restablecer contraseña" description="Escribe tu usuario o tu correo electrónico y te enviaremos un enlace para elegir una contraseña nueva.">
      {state.kind === 'done' ? (
        <div className="flex flex-col gap-4">
          <Alert role="status">
            <AlertDescription>{state.message}</AlertDescription>
          </Alert>
          <Link to="/login" className="text-center font-medium text-primary underline underline-offset-4">
            Volver a iniciar sesión
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          {state.kind === 'error' && (
            <Alert variant="destructive">
              <AlertDescription>{state.message}</AlertDescription>
            </Alert>
          )}
          <div className="flex flex-col gap-2">
            <Label htmlFor="identifier">Usuario o correo electrónico</Label>
            <Input
              id="identifier"
              name="identifier"
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              maxLength={200}
              value={identifier}
              onChange={(event) => setIdentifier(event.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'identifier-error' : undefined}
            />
            <FieldError id="identifier-error">{fieldError}</FieldError>
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={state.kind === 'pending'}>
            {state.kind === 'pending' && <Spinner />}
            Enviar enlace
          </Button>
          <Link to="/login" className="text-center text-sm text-muted-foreground underline underline-offset-4">
            Volver a iniciar sesión
          </Link>
        </form>
      )}
    </LinkCard>
  );
}
