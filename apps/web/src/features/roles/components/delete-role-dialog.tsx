import { defaultRoleIds } from '@jornada/shared/permissions';
import type { Role } from '@jornada/shared/schemas/roles';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useDeleteRole } from '../api/delete-role';

const MOVE_HINT = 'Quienes tienen este rol pasan al que elijas, en el mismo paso en que se elimina.';

/**
 * The roles the holders of `role` may move to: not the Administrador nor the role itself; a custom
 * role only when it is assigned to every company of `role` (the server checks the holders' companies).
 */
function moveTargets(role: Role, roles: readonly Role[]): Role[] {
  return roles.filter(
    (candidate) =>
      candidate.id !== role.id &&
      candidate.id !== defaultRoleIds.Administrador &&
      (candidate.isDefault || role.companyIds.every((companyId) => candidate.companyIds.includes(companyId))),
  );
}

/**
 * Offered only for roles that are not default ones; the server refuses those anyway, with its own
 * message (a toast). When people hold the role, it asks which role they move to (decision 043).
 */
export function DeleteRoleDialog({ role, roles, onClose }: { role: Role; roles: readonly Role[]; onClose: () => void }) {
  const deleteRole = useDeleteRole();
  const held = role.holderCount > 0;
  const targets = moveTargets(role, roles);
  const baseDefault = role.base === 'Supervisor' ? defaultRoleIds.Supervisor : defaultRoleIds.Empleado;
  const [moveTo, setMoveTo] = useState<string>(targets.some((target) => target.id === baseDefault) ? baseDefault : (targets[0]?.id ?? ''));
  const people = role.holderCount === 1 ? '1 persona tiene' : `${role.holderCount} personas tienen`;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Eliminar rol"
      description={
        <>
          <p>
            Se eliminará el rol <strong className="text-foreground">{role.name}</strong> y se quitará de las empresas que lo tienen asignado.
          </p>
          {held && <p>{people} este rol: elige a qué rol pasan.</p>}
        </>
      }
      confirmLabel="Eliminar rol"
      confirmDisabled={held && moveTo === ''}
      pending={deleteRole.isPending}
      onConfirm={() =>
        deleteRole.mutate(
          { id: role.id, moveTo: held ? moveTo : undefined },
          {
            onSuccess: () => {
              toast({ title: 'Rol eliminado' });
              onClose();
            },
            onError: onClose,
          },
        )
      }
    >
      {held && (
        <FormField id="role-move-to" label="Pasan al rol" hint={MOVE_HINT}>
          <NativeSelect id="role-move-to" value={moveTo} onChange={(event) => setMoveTo(event.target.value)} {...fieldAria('role-move-to', undefined, MOVE_HINT)}>
            {targets.map((target) => (
              <option key={target.id} value={target.id}>
                {target.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
    </ConfirmDialog>
  );
}
