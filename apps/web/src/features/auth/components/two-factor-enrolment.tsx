import type { TwoFactorSetup } from '@jornada/shared/schemas/two-factor';
import { CircleExclamationPoint } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';

const errorText = (failure: unknown, fallback: string) => (isApiError(failure) && failure.fromServer && failure.message) || fallback;

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Enrolment (decision 055): the QR code for the authenticator app (drawn here, nothing leaves the
 * browser), the secret as text, a code to confirm, then the recovery codes, shown once.
 * Used from Mi Cuenta and from the sign-in when the role or the company requires it.
 */
export function TwoFactorEnrolment({
  start,
  confirm,
  onFinished,
  finishLabel = 'He guardado los códigos',
}: {
  start: () => Promise<TwoFactorSetup>;
  confirm: (code: string) => Promise<string[]>;
  onFinished: () => void;
  finishLabel?: string;
}) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [qrFailed, setQrFailed] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    let live = true;
    start().then(
      (answer) => live && setSetup(answer),
      (failure: unknown) => live && setError(errorText(failure, 'No se pudo empezar la configuración. Inténtalo de nuevo.')),
    );
    return () => {
      live = false;
    };
  }, [start]);

  useEffect(() => {
    if (!setup) return;
    let live = true;
    // Drawn in the browser (the library loads with this screen only): the secret never leaves it.
    void import('qrcode')
      .then((qrcode) => {
        if (live && canvas.current) return qrcode.toCanvas(canvas.current, setup.otpauthUri, { width: 176, margin: 1, errorCorrectionLevel: 'M' });
      })
      .catch(() => live && setQrFailed(true));
    return () => {
      live = false;
    };
  }, [setup]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) return setError('Introduce el código de 6 dígitos de tu aplicación.');
    setBusy(true);
    setError(null);
    try {
      setRecoveryCodes(await confirm(code));
    } catch (failure) {
      setError(errorText(failure, 'No se pudo confirmar el código. Inténtalo de nuevo.'));
    } finally {
      setBusy(false);
    }
  };

  if (recoveryCodes) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm font-medium">La verificación en dos pasos está activada.</p>
        <p className="text-sm text-muted-foreground">
          Guarda estos códigos de recuperación en un lugar seguro: cada uno sirve una sola vez para entrar si pierdes el teléfono. No se volverán a mostrar.
        </p>
        <ul aria-label="Códigos de recuperación" className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm">
          {recoveryCodes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <Button type="button" className="self-start" onClick={onFinished}>
          {finishLabel}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error && (
        <Alert variant="destructive">
          <CircleExclamationPoint aria-hidden="true" />
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-muted-foreground">
        <li>Instala una aplicación de autenticación (Google Authenticator, Microsoft Authenticator, FreeOTP…).</li>
        <li>Escanea el código QR o escribe la clave a mano.</li>
        <li>Escribe el código de 6 dígitos que te muestra la aplicación.</li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <div className="flex size-44 shrink-0 items-center justify-center rounded-md border bg-white p-1">
          {!setup ? (
            <Spinner className="size-6 text-primary" />
          ) : qrFailed ? (
            <p className="p-2 text-center text-sm text-muted-foreground">No se pudo dibujar el código QR: escribe la clave.</p>
          ) : (
            <canvas ref={canvas} role="img" aria-label="Código QR para la aplicación de autenticación" className="size-full" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1 self-stretch">
          <span className="text-sm font-medium">Clave para escribirla a mano</span>
          <code data-testid="two-factor-secret" data-secret={setup?.secret ?? ''} className="break-all rounded-md border bg-muted/40 p-2 font-mono text-sm">
            {setup ? grouped(setup.secret) : '…'}
          </code>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="two-factor-setup-code">Código de la aplicación</Label>
        <Input
          id="two-factor-setup-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <Button type="submit" className="self-start" disabled={busy || !setup}>
        {busy && <Spinner />}
        Activar
      </Button>
    </form>
  );
}
