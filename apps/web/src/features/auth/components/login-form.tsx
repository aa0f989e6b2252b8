import type { LoginRequest } from '@jornada/shared/schemas/auth';
import { CircleExclamationPoint } from 'lucide-react';
import type { TwoFactorChallenge } from '@jornada/shared/schemas/two-factor';
import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { useLogin } from '../api/login';
import { showRedirectToast } from '../utils/redirect-toast';
import { validateLogin, type LoginFieldErrors } from '../utils/validate-login';
import { TwoFactorStep } from './two-factor-step';

// Only a user who must set up the second factor loads the enrolment (and its QR library).
const ForcedEnrolment = lazy(() => import('./forced-enrolment'));

const DEFAULT_ERROR = 'Usuario o contraseña incorrectos. Por favor, inténtalo de nuevo.';

function errorMessage(error: unknown): string {
  // Network failures and empty answers carry no server message: the spec's default applies.
  return isApiError(error) && error.fromServer && error.message ? error.message : DEFAULT_ERROR;
}

/*
 * A plain controlled form rather than react-hook-form: this screen is part of the first
 * visit, whose JavaScript budget cannot afford a form library for two fields.
 */
export function LoginForm({ onStepChange }: { onStepChange?: (step: 'password' | 'verify' | 'enrol') => void }) {
  const login = useLogin();
  const [challenge, setChallenge] = useState<TwoFactorChallenge['twoFactor'] | null>(null);
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [validating, setValidating] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const busy = validating || login.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setValidating(true);
    setLoadFailed(false);
    login.reset();
    const result = await validateLogin(values).catch(() => null);
    setValidating(false);
    if (!result) return setLoadFailed(true);
    setErrors(result.errors);
    if (!result.data) {
      const firstInvalid = result.errors.username ? 'username' : 'password';
      form.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    login.mutate(result.data, {
      onSuccess: showRedirectToast,
      onChallenge: (next) => {
        setChallenge(next);
        onStepChange?.(next.step);
      },
    });
  };

  const restart = () => {
    setChallenge(null);
    setValues((current) => ({ ...current, password: '' }));
    login.reset();
    onStepChange?.('password');
  };

  if (challenge?.step === 'verify') return <TwoFactorStep key={challenge.pendingToken} pendingToken={challenge.pendingToken} onRestart={restart} />;
  if (challenge?.step === 'enrol') {
    return (
      <Suspense fallback={<Spinner className="mx-auto size-6 text-primary" />}>
        <ForcedEnrolment pendingToken={challenge.pendingToken} />
      </Suspense>
    );
  }

  const update = (field: keyof LoginRequest) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {(login.isError || loadFailed) && (
        <Alert variant="destructive">
          <CircleExclamationPoint aria-hidden="true" />
          <AlertTitle>Error de autenticación</AlertTitle>
          <AlertDescription>{errorMessage(login.error)}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor="username">Usuario</Label>
        <Input
          id="username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          maxLength={100}
          value={values.username}
          onChange={update('username')}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? 'username-error' : undefined}
        />
        <FieldError id="username-error">{errors.username}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="password">Contraseña</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          value={values.password}
          onChange={update('password')}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'password-error' : undefined}
        />
        <FieldError id="password-error">{errors.password}</FieldError>
        <Link to="/recuperar-contrasena" className="self-end text-sm text-primary underline-offset-4 hover:underline">
          ¿Has olvidado tu contraseña?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? (
          <>
            <Spinner />
            Iniciando sesión...
          </>
        ) : (
          'Iniciar Sesión'
        )}
      </Button>
    </form>
  );
}
