import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordRequestSchema, PASSWORD_CHANGED_MESSAGE, type ChangePasswordRequest } from '@jornada/shared/schemas/account';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useChangePassword } from '../api/change-password';

const WRONG_CURRENT_MESSAGE = 'La contraseña actual es incorrecta.';
const RULE_HINT = 'Al menos 8 caracteres, una mayúscula y un carácter especial.';

/** The password change of spec section 5, validated with the server's schema. */
export function ChangePasswordForm({ username }: { username: string }) {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    changePassword.mutate(values, {
      onSuccess: () => {
        toast({ title: PASSWORD_CHANGED_MESSAGE });
        form.reset();
      },
      onError: (error) => {
        if (isSessionEnded(error)) return;
        const message = errorDescription(error, 'No se pudo cambiar la contraseña.');
        if (message === WRONG_CURRENT_MESSAGE) form.setError('currentPassword', { message }, { shouldFocus: true });
        else toast({ variant: 'destructive', title: 'Error', description: message });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {/* Lets password managers tie the new password to this account. */}
      <input type="text" name="username" autoComplete="username" value={username} hidden readOnly />
      <FormField id="current-password" label="Contraseña actual" error={errors.currentPassword?.message}>
        <Input
          id="current-password"
          type="password"
          autoComplete="current-password"
          maxLength={200}
          {...form.register('currentPassword')}
          {...fieldAria('current-password', errors.currentPassword?.message)}
        />
      </FormField>
      <FormField id="new-password" label="Nueva contraseña" hint={RULE_HINT} error={errors.newPassword?.message}>
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          maxLength={200}
          {...form.register('newPassword')}
          {...fieldAria('new-password', errors.newPassword?.message, RULE_HINT)}
        />
      </FormField>
      <FormField id="confirm-password" label="Confirmar contraseña" error={errors.confirmPassword?.message}>
        <Input
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          maxLength={200}
          {...form.register('confirmPassword')}
          {...fieldAria('confirm-password', errors.confirmPassword?.message)}
        />
      </FormField>
      <Button type="submit" className="self-start" disabled={changePassword.isPending}>
        {changePassword.isPending && <Spinner />}
        Cambiar contraseña
      </Button>
    </form>
  );
}
