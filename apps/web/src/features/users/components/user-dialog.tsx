import type { Category } from '@jornada/shared/schemas/categories';
import { COMPANY_REQUIRED_MESSAGE, USERNAME_TAKEN_MESSAGE, type User } from '@jornada/shared/schemas/users';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-error';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { ResendInvitationSection } from './resend-invitation-button';
import { UnlockLoginSection } from './unlock-login-button';
import { ResetTwoFactorSection } from './reset-two-factor-button';
import { UserAssignmentFields } from './user-assignment-fields';
import { useUserForm, type UserForm } from './user-form';
import { UserIdentityFields } from './user-identity-fields';

interface UserDialogProps {
  /** null creates a new user. */
  user: User | null;
  categories: Category[];
  onClose: () => void;
}

/** Spec section 8: saving a user shows the server's message; the two about a field also sit under it. */
function showSaveError(form: UserForm, error: unknown) {
  if (isSessionEnded(error)) return;
  const message = errorDescription(error, 'No se pudo guardar el usuario.');
  if (isApiError(error) && message === USERNAME_TAKEN_MESSAGE) form.setError('username', { message }, { shouldFocus: true });
  if (isApiError(error) && message === COMPANY_REQUIRED_MESSAGE) form.setError('companyId', { message }, { shouldFocus: true });
  toast({ variant: 'destructive', title: 'Error', description: message });
}

export function UserDialog({ user, categories, onClose }: UserDialogProps) {
  const form = useUserForm(user);
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const pending = createUser.isPending || updateUser.isPending;

  const onSubmit = form.handleSubmit((values) => {
    const options = {
      onError: (error: unknown) => showSaveError(form, error),
      onSuccess: () => {
        toast({ title: user ? 'Usuario actualizado' : form.getValues('sendInvitation') ? 'Usuario creado e invitación enviada' : 'Usuario creado' });
        onClose();
      },
    };
    if (user) updateUser.mutate({ id: user.id, ...values }, options);
    else createUser.mutate({ ...values, password: values.password ?? '', sendInvitation: form.getValues('sendInvitation') }, options);
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent size="2xl">
        <DialogHeader>
          <DialogTitle>{user ? 'Editar usuario' : 'Nuevo usuario'}</DialogTitle>
          <DialogDescription>
            Los supervisores y empleados pertenecen a una empresa; los administradores, a ninguna.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <UserIdentityFields form={form} isNew={!user} />
          <UserAssignmentFields form={form} categories={categories} user={user} />
          {user?.invitationPending && <ResendInvitationSection user={user} />}
          {user && <UnlockLoginSection user={user} />}
          {user && <ResetTwoFactorSection user={user} />}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Spinner />}
              {user ? 'Guardar cambios' : 'Crear usuario'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
