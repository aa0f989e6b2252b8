import { TWO_FACTOR_DISABLED_MESSAGE } from '@jornada/shared/schemas/two-factor';
import { useState, type FormEvent } from 'react';
import { TwoFactorEnrolment } from '@/features/auth/components/two-factor-enrolment';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { confirmTwoFactorSetup, startTwoFactorSetup, useDisableTwoFactor, useRefreshTwoFactorStatus, useTwoFactorStatus } from '../api/two-factor';

/** Mi Cuenta 'Verificación en dos pasos' (decision 055): set it up, see the codes left, turn it off. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const refresh = useRefreshTwoFactorStatus();
  const [enrolling, setEnrolling] = useState(false);

  if (status.isPending) return <Skeleton className="h-10 w-full" />;
  if (status.isError) return <p className="text-sm text-destructive">No se pudo cargar el estado de la verificación en dos pasos.</p>;

  if (enrolling) {
    return (
      <TwoFactorEnrolment
        start={startTwoFactorSetup}
        confirm={confirmTwoFactorSetup}
        onFinished={() => {
          setEnrolling(false);
          void refresh();
        }}
      />
    );
  }

  const { enabled, required, recoveryCodesLeft } = status.data;
  if (!enabled) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm">{required ? 'Tu rol o tu empresa exige la verificación en dos pasos.' : 'Desactivada.'}</p>
        <Button type="button" className="self-start" onClick={() => setEnrolling(true)}>
          Configurar verificación en dos pasos
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <span className="font-medium">Activada.</span> Te quedan {recoveryCodesLeft} {recoveryCodesLeft === 1 ? 'código' : 'códigos'} de recuperación.
        {required && ' Tu rol o tu empresa la exige: no se puede desactivar.'}
      </p>
      {!required && <DisableTwoFactorForm />}
    </div>
  );
}

function DisableTwoFactorForm() {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) return setError('La contraseña actual es obligatoria.');
    disable.mutate(
      { currentPassword: password },
      {
        onSuccess: () => toast({ title: TWO_FACTOR_DISABLED_MESSAGE }),
        onError: (failure) => {
          if (!isSessionEnded(failure)) setError(errorDescription(failure, 'No se pudo desactivar la verificación en dos pasos.'));
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Label htmlFor="two-factor-disable-password">Contraseña actual para desactivarla</Label>
        <Input
          id="two-factor-disable-password"
          type="password"
          autoComplete="current-password"
          maxLength={200}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'two-factor-disable-error' : undefined}
        />
        <FieldError id="two-factor-disable-error">{error}</FieldError>
      </div>
      <Button type="submit" variant="outline" disabled={disable.isPending} className="self-start sm:self-auto">
        {disable.isPending && <Spinner />}
        Desactivar
      </Button>
    </form>
  );
}
