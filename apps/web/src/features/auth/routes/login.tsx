import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { LoginForm } from '../components/login-form';

/** Where to go after signing in: the page the guard remembered, if it is a dashboard page. */
function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/dashboard') ? from : '/dashboard';
}

const STEP_TITLES = { password: 'Bienvenido de nuevo', verify: 'Verificación en dos pasos', enrol: 'Configura la verificación en dos pasos' } as const;
const STEP_DESCRIPTIONS = {
  password: 'Introduce tu usuario y contraseña para acceder a la plataforma.',
  verify: 'Tu contraseña es correcta. Falta el código de tu aplicación de autenticación.',
  enrol: 'Tu contraseña es correcta. Antes de entrar, protege tu cuenta con un segundo paso.',
} as const;

export default function LoginRoute() {
  const { isLoading, isAuthenticated } = useAuth();
  const location = useLocation();
  const [step, setStep] = useState<'password' | 'verify' | 'enrol'>('password');

  // Also the redirect after a successful sign-in: the mutation stores the session, this follows.
  if (isAuthenticated) return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <title>Iniciar sesión · Jornada</title>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-bold tracking-tight">{STEP_TITLES[step]}</h1>
          <CardDescription>{STEP_DESCRIPTIONS[step]}</CardDescription>
        </CardHeader>
        <CardContent>
          {isLoading ? (
            <div role="status" aria-label="Cargando" className="flex h-60 items-center justify-center">
              <Spinner className="size-6 text-primary" />
            </div>
          ) : (
            <LoginForm onStepChange={setStep} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
