import type { User } from '@jornada/shared/schemas/users';
import { ShieldOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useResetTwoFactor } from '../api/reset-two-factor';

/**
 * In the Administrador's user dialog and a supervisor's employee dialog (for Empleados, as the server
 * allows): the person lost their phone and their recovery codes (decision 055).
 */
export function ResetTwoFactorSection({ user }: { user: Pick<User, 'id' | 'name'> }) {
  const reset = useResetTwoFactor();
  const onReset = () =>
    reset.mutate(user.id, {
      onSuccess: (answer) => toast({ title: 'Verificación restablecida', description: answer.message }),
      onError: (error) => {
        if (!isSessionEnded(error)) toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, 'No se pudo restablecer la verificación en dos pasos.') });
      },
    });
  return (
    <section aria-labelledby="reset-two-factor-title" className="flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-sm">
        <h3 id="reset-two-factor-title" className="font-medium">
          Verificación en dos pasos
        </h3>
        <p className="text-muted-foreground">Si {user.name} ha perdido el teléfono y sus códigos de recuperación, restablécela: entrará solo con la contraseña o la configurará de nuevo.</p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={onReset} disabled={reset.isPending}>
        {reset.isPending ? <Spinner /> : <ShieldOff aria-hidden="true" />}
        Restablecer
      </Button>
    </section>
  );
}
