import type { User } from '@jornada/shared/schemas/users';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteUser } from '../api/delete-user';

export function DeleteUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const deleteUser = useDeleteUser();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Eliminar usuario"
      description={
        <p>
          <strong className="text-foreground">{user.name}</strong> dejará de poder acceder y su sesión se cerrará. Sus fichajes,
          partes y demás datos se conservan.
        </p>
      }
      confirmLabel="Eliminar usuario"
      pending={deleteUser.isPending}
      onConfirm={() =>
        deleteUser.mutate(user.id, {
          onSuccess: () => {
            toast({ title: 'Usuario eliminado' });
            onClose();
          },
        })
      }
    />
  );
}
