import type { Role } from '@jornada/shared/schemas/roles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteRole } from '../api/delete-role';

/** Offered only for roles that are not default ones; the server refuses those anyway, with its own message (a toast). */
export function DeleteRoleDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const deleteRole = useDeleteRole();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Eliminar rol"
      description={
        <p>
          Se eliminará el rol <strong className="text-foreground">{role.name}</strong> y se quitará de las empresas y de los usuarios
          que lo tienen.
        </p>
      }
      confirmLabel="Eliminar rol"
      pending={deleteRole.isPending}
      onConfirm={() =>
        deleteRole.mutate(role.id, {
          onSuccess: () => {
            toast({ title: 'Rol eliminado' });
            onClose();
          },
          onError: onClose,
        })
      }
    />
  );
}
