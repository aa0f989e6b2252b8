import { CircleExclamationPoint } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { setSession } from '@/lib/session';
import { verifyTwoFactor } from '../api/two-factor-login';

const DEFAULT_ERROR = 'No se pudo comprobar el código. Inténtalo de nuevo.';

/** 'Código de verificación': the app's 6 digits or a recovery code; the session starts only here. */
export function TwoFactorStep({ pendingToken, onRestart }: { pendingToken: string; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [rememberDevice, setRememberDevice] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) return setError('Introduce el código de 6 dígitos de tu aplicación o un código de recuperación.');
    setBusy(true);
    setError(null);
    try {
      setSession(await verifyTwoFactor({ pendingToken, code, rememberDevice }));
    } catch (failure) {
      setBusy(false);
      const fromServer = isApiError(failure) && failure.fromServer && failure.message;
      setError(fromServer || DEFAULT_ERROR);
      if (isApiError(failure) && failure.code === 'LOGIN_EXPIRED') setExpired(true);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {error && (
        <Alert variant="destructive">
          <CircleExclamationPoint aria-hidden="true" />
          <AlertTitle>Error de verificación</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <p className="text-sm text-muted-foreground">Abre tu aplicación de autenticación y escribe el código de 6 dígitos que muestra para Jornada. Si no tienes el teléfono, usa uno de tus códigos de recuperación.</p>
      <div className="flex flex-col gap-2">
        <Label htmlFor="two-factor-code">Código de verificación</Label>
        <Input
          id="two-factor-code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={20}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" checked={rememberDevice} onChange={(event) => setRememberDevice(event.target.checked)} />
        Recordar este dispositivo durante 30 días
      </label>
      {expired ? (
        <Button type="button" size="lg" className="w-full" onClick={onRestart}>
          Volver a iniciar sesión
        </Button>
      ) : (
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy && <Spinner />}
          Verificar
        </Button>
      )}
      <button type="button" onClick={onRestart} className="self-center text-sm text-primary underline-offset-4 hover:underline">
        Usar otra cuenta
      </button>
    </form>
  );
}
