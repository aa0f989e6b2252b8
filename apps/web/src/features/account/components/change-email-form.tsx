import { zodResolver } from '@hookform/resolvers/zod';
import { emailChangeRequestSchema, type EmailChangeRequest } from '@jornada/shared/schemas/account-lifecycle';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useRequestEmailChange } from '../api/change-email';

const WRONG_CURRENT_MESSAGE = 'La contraseña actual es incorrecta.';

/** Mi Cuenta 'Correo electrónico': the change takes effect from the link sent to the new address. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string | null }) {
  const change = useRequestEmailChange();
  const [sent, setSent] = useState<string>();
  const form = useForm<EmailChangeRequest>({ resolver: zodResolver(emailChangeRequestSchema), defaultValues: { currentPassword: '', newEmail: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (answer) => {
        setSent(answer.message);
        form.reset();
      },
      onError: (error) => {
        if (isSessionEnded(error)) return;
        const message = errorDescription(error, 'No se pudo pedir el cambio de correo.');
        if (message === WRONG_CURRENT_MESSAGE) form.setError('currentPassword', { message }, { shouldFocus: true });
        else toast({ variant: 'destructive', title: 'Error', description: message });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-sm">
        Correo actual: <span className="font-medium break-all">{currentEmail ?? 'sin correo'}</span>
      </p>
      {sent && (
        <Alert role="status">
          <AlertDescription>{sent}</AlertDescription>
        </Alert>
      )}
      <FormField id="new-email" label="Nuevo correo electrónico" error={errors.newEmail?.message}>
        <Input id="new-email" type="email" autoComplete="email" maxLength={200} {...form.register('newEmail')} {...fieldAria('new-email', errors.newEmail?.message)} />
      </FormField>
      <FormField id="email-current-password" label="Tu contraseña" hint="Para confirmar que eres tú." error={errors.currentPassword?.message}>
        <Input
          id="email-current-password"
          type="password"
          autoComplete="current-password"
          maxLength={200}
          {...form.register('currentPassword')}
          {...fieldAria('email-current-password', errors.currentPassword?.message, 'Para confirmar que eres tú.')}
        />
      </FormField>
      <Button type="submit" className="self-start" disabled={change.isPending}>
        {change.isPending && <Spinner />}
        Cambiar correo
      </Button>
    </form>
  );
}
