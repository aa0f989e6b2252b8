import type { User } from '@jornada/shared/schemas/users';
import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useResendInvitation } from '../api/resend-invitation';

/** In the edit dialog of a user who has not created their password yet. */
export function ResendInvitationSection({ user }: { user: User }) {
  const resend = useResendInvitation();
  const onResend = () =>
    resend.mutate(user.id, {
      onSuccess: () => toast({ title: 'Invitación enviada', description: `Hemos enviado un enlace nuevo a ${user.email ?? ''}. El anterior ya no funciona.` }),
      onError: (error) => {
        if (!isSessionEnded(error)) toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, 'No se pudo reenviar la invitación.') });
      },
    });
  return (
    <section aria-labelledby="resend-invitation-title" className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-sm">
        <h3 id="resend-invitation-title" className="font-medium">
          Invitación pendiente
        </h3>
        <p className="text-muted-foreground">{user.name} aún no ha creado su contraseña.</p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={onResend} disabled={resend.isPending}>
        {resend.isPending ? <Spinner /> : <Mail aria-hidden="true" />}
        Reenviar invitación
      </Button>
    </section>
  );
}
