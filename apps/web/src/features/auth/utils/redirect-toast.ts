import { toast } from '@/components/ui/use-toast';

/*
 * 'Redirigiendo...' is true only on the way from the login form to the dashboard, whose code may
 * still be loading: the login form raises it, the dashboard dismisses it as it arrives (issue 21:
 * it stayed on the dashboard for its full five seconds).
 */
let redirecting: { dismiss: () => void } | null = null;

export function showRedirectToast(): void {
  redirecting = toast({ title: 'Has iniciado sesión correctamente. Redirigiendo...' });
}

export function dismissRedirectToast(): void {
  redirecting?.dismiss();
  redirecting = null;
}
