import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { UserForm } from './user-form';

const PASSWORD_RULE = 'Al menos 8 caracteres, una mayúscula y un carácter especial.';

/** Name, username, e-mail, phone and password of the user dialog. */
export function UserIdentityFields({ form, isNew }: { form: UserForm; isNew: boolean }) {
  const { errors } = form.formState;
  const inviting = isNew && form.watch('sendInvitation');
  const passwordHint = isNew ? PASSWORD_RULE : `Déjala en blanco para mantener la contraseña actual. ${PASSWORD_RULE}`;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id="user-name" label="Nombre completo" error={errors.name?.message} className="sm:col-span-2">
        <Input id="user-name" autoComplete="off" maxLength={200} {...form.register('name')} {...fieldAria('user-name', errors.name?.message)} />
      </FormField>
      <FormField id="user-username" label="Nombre de usuario" error={errors.username?.message}>
        <Input
          id="user-username"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={100}
          {...form.register('username')}
          {...fieldAria('user-username', errors.username?.message)}
        />
      </FormField>
      <FormField id="user-email" label="Correo electrónico (opcional)" error={errors.email?.message}>
        <Input
          id="user-email"
          type="email"
          autoComplete="off"
          maxLength={200}
          {...form.register('email')}
          {...fieldAria('user-email', errors.email?.message)}
        />
      </FormField>
      <FormField id="user-phone" label="Teléfono (opcional)" error={errors.phone?.message}>
        <Input
          id="user-phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={40}
          {...form.register('phone')}
          {...fieldAria('user-phone', errors.phone?.message)}
        />
      </FormField>
      {isNew && (
        <div className="flex items-start gap-3 sm:col-span-2">
          <input
            id="user-send-invitation"
            type="checkbox"
            className="mt-1 size-4 accent-primary"
            {...form.register('sendInvitation', { onChange: () => form.setValue('password', '') })}
            aria-describedby="user-send-invitation-hint"
          />
          <div className="text-sm">
            <label htmlFor="user-send-invitation" className="font-medium">
              Enviar invitación por correo
            </label>
            <p id="user-send-invitation-hint" className="text-muted-foreground">
              La persona recibirá un enlace (válido 72 horas) para crear su propia contraseña. Necesita correo electrónico.
            </p>
          </div>
        </div>
      )}
      {!inviting && (
        <FormField id="user-password" label="Contraseña" hint={passwordHint} error={errors.password?.message} className="sm:col-span-2">
          <Input
            id="user-password"
            type="password"
            autoComplete="new-password"
            maxLength={200}
            {...form.register('password')}
            {...fieldAria('user-password', errors.password?.message, passwordHint)}
          />
        </FormField>
      )}
    </div>
  );
}
