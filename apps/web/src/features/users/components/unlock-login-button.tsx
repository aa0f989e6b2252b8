import type { User } from '@jornada/shared/schemas/users';
import { LockOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useUnlockLogin } from '../api/unlock-login';

/** In the edit dialog: lifts a sign-in block (too many failed passwords) at once. */
export function UnlockLoginSection({ user }: { user: User }) {
  const unlock = useUnlockLogin();
  const onUnlock = () =>
    unlock.mutate(user.id, {
      onSuccess: () => toast({ title: 'Acceso desbloqueado', description: `${user.name} ya puede volver a iniciar sesión.` }),
      onError: (error) => {
        if (!isSessionEnded(error)) toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, 'No se pudo desbloquear el acceso.') });
      },
    });
  return (
    <section aria-labelledby="unlock-login-title" className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-sm">
        <h3 id="unlock-login-title" className="font-medium">
          Inicio de sesión
        </h3>
        <p className="text-muted-foreground">Si {user.name} no puede entrar por demasiados intentos fallidos, desbloquéalo aquí.</p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={onUnlock} disabled={unlock.isPending}>
        {unlock.isPending ? <Spinner /> : <LockOpen aria-hidden="true" />}
        Desbloquear acceso
      </Button>
    </section>
  );
}
