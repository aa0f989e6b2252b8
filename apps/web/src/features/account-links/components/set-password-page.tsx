import { setPasswordWithTokenSchema, type TokenInfo } from '@jornada/shared/schemas/account-lifecycle';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { setSession } from '@/lib/session';
import { acceptInvitation, confirmPasswordReset, inspectToken } from '../api/account-links';
import { InvalidLink, LinkCard } from './link-card';
import { useLinkToken } from './link-token';

const RULE_HINT = 'Al menos 8 caracteres, una mayúscula y un carácter especial.';

const TEXT = {
  reset: {
    title: 'Elige una contraseña nueva',
    description: (name: string) => `${name}, escribe tu nueva contraseña. Se cerrarán tus demás sesiones.`,
    submit: 'Guardar contraseña',
    again: { to: '/recuperar-contrasena', label: 'Pedir un enlace nuevo' },
  },
  invitation: {
    title: 'Crear contraseña',
    description: (name: string) => `Hola, ${name}. Crea la contraseña con la que entrarás en Jornada.`,
    submit: 'Crear contraseña',
    again: { to: '/recuperar-contrasena', label: 'Pedir un enlace nuevo (o pide a tu empresa que te reenvíe la invitación)' },
  },
} as const;

type Errors = Partial<Record<'newPassword' | 'confirmPassword', string>>;

/** A reset or an invitation link: checks the link first, then the password rule; signs in on success. */
export function SetPasswordPage({ purpose }: { purpose: 'reset' | 'invitation' }) {
  const text = TEXT[purpose];
  const token = useLinkToken();
  const navigate = useNavigate();
  const [info, setInfo] = useState<TokenInfo | 'invalid' | null>(token ? null : 'invalid');
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    inspectToken(token).then(
      (found) => live && setInfo(found.purpose === purpose ? found : 'invalid'),
      () => live && setInfo('invalid'),
    );
    return () => {
      live = false;
    };
  }, [token, purpose]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    const parsed = setPasswordWithTokenSchema.safeParse({ token, ...values });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'newPassword' || field === 'confirmPassword') && !found[field]) found[field] = issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    setFailure(undefined);
    setPending(true);
    (purpose === 'reset' ? confirmPasswordReset : acceptInvitation)(parsed.data).then(
      (answer) => {
        // Decision 055: with a second factor the link sets the password only; sign-in asks for the code.
        if ('twoFactor' in answer) return navigate('/login', { replace: true });
        setSession(answer);
        navigate('/dashboard', { replace: true });
      },
      (error: unknown) => {
        setPending(false);
        if (isApiError(error) && error.code === 'LINK_INVALID') return setInfo('invalid');
        setFailure(isApiError(error) && error.fromServer && error.message ? error.message : 'No se pudo guardar la contraseña. Inténtalo de nuevo.');
      },
    );
  };

  if (info === 'invalid') {
    return (
      <LinkCard title="Enlace no válido">
        <InvalidLink again={text.again} />
      </LinkCard>
    );
  }
  if (info === null) {
    return (
      <LinkCard title={text.title}>
        <div role="status" aria-label="Cargando" className="flex h-40 items-center justify-center">
          <Spinner className="size-6 text-primary" />
        </div>
      </LinkCard>
    );
  }

  const field = (name: 'newPassword' | 'confirmPassword', label: string, hint?: string) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={name}>{label}</Label>
      <Input
        id={name}
        name={name}
        type="password"
        autoComplete="new-password"
        maxLength={200}
        value={values[name]}
        onChange={(event) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [name]: value }));
        }}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[hint ? `${name}-hint` : '', errors[name] ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined}
      />
      {hint && (
        <p id={`${name}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${name}-error`}>{errors[name]}</FieldError>
    </div>
  );

  return (
    <LinkCard title={text.title} description={text.description(info.firstName)}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {failure && (
          <Alert variant="destructive">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        {field('newPassword', 'Nueva contraseña', RULE_HINT)}
        {field('confirmPassword', 'Repite la contraseña')}
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending && <Spinner />}
          {text.submit}
        </Button>
      </form>
    </LinkCard>
  );
}
