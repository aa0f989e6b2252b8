import { canReachRoute } from '@jornada/shared/permissions';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { buttonClasses } from '@/components/ui/button';
import { useCurrentSession } from '@/lib/auth';
import { HeldMaterialSection } from '@/features/material/components/held-material-section';
import { AccountSection } from '../components/account-section';
import { ChangeEmailForm } from '../components/change-email-form';
import { ChangePasswordForm } from '../components/change-password-form';
import { NotificationPreferencesSection } from '../components/notification-preferences-form';
import { TwoFactorSection } from '../components/two-factor-section';
import { MonthlyExport } from '@/features/export/components/monthly-export';
import { PushDevicesSection } from '@/features/push/components/push-devices-section';

/**
 * Mi Cuenta (Empleado and Supervisor), a column of independent sections (spec screen 22):
 * - the password change (here);
 * - the notifications by e-mail and push, per kind (docs/decisions/035);
 * - Supervisor only: the monthly report export (export issue), after the password;
 * - Empleado only: the confirmed loaned material (material issue), after the password.
 * Each later section is an <AccountSection> of its own, composed in this route.
 */
export default function AccountRoute() {
  const { user, profile } = useCurrentSession();
  return (
    <>
      <PageHeader title="Mi Cuenta" description={`${profile.name || user.username} · ${profile.roleName}`} />
      <div className="flex max-w-2xl flex-col gap-6">
        <AccountSection title="Cambiar contraseña" description="Al cambiarla se cerrarán tus sesiones abiertas en otros dispositivos.">
          <ChangePasswordForm username={user.username} />
        </AccountSection>
        <AccountSection title="Verificación en dos pasos" description="Además de la contraseña, un código de una aplicación de autenticación en tu teléfono.">
          <TwoFactorSection />
        </AccountSection>
        <AccountSection title="Notificaciones" description="Siempre las verás en la campana de Jornada. Elige cuáles quieres recibir además por correo y como notificación push.">
          <NotificationPreferencesSection />
        </AccountSection>
        <AccountSection title="Correo electrónico" description="Te enviaremos un enlace a la nueva dirección; hasta que lo abras seguirá valiendo la actual.">
          <ChangeEmailForm currentEmail={user.email} />
        </AccountSection>
        {/* Supervisor: monthly export section (export issue). Empleado: loaned material section (material issue). */}
        {profile.role === 'Supervisor' && (
          <AccountSection title="Informe mensual" description="Descarga en JSON los datos de tu empresa de un mes.">
            <MonthlyExport />
          </AccountSection>
        )}
        <HeldMaterialSection />
        <PushDevicesSection />
        {/* Supervisors reach it from Administración; an employee who connects another program, from here. */}
        {profile.role === 'Empleado' && canReachRoute(profile.role, 'api-tokens', profile.grantedViews) && (
          <AccountSection title="Tokens de API" description="Para que otro programa lea tus datos de Jornada en tu nombre, con los permisos que elijas.">
            <Link to="/dashboard/api-tokens" className={buttonClasses('outline', 'default', 'self-start')}>
              Gestionar tokens de API
            </Link>
          </AccountSection>
        )}
      </div>
    </>
  );
}
