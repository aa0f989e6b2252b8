import { findDashboardRoute, type DashboardRouteName } from '@jornada/shared/permissions';
import { Construction } from 'lucide-react';
import { PageHeader } from './page-header';

/** Stands in for a dashboard screen until its feature is built. */
export function PlaceholderPage({ routeName }: { routeName: DashboardRouteName }) {
  const title = findDashboardRoute(routeName)?.title ?? '';
  return (
    <>
      <PageHeader title={title} />
      <div className="flex items-center gap-3 rounded-xl border border-dashed border-input bg-card p-6 text-muted-foreground">
        <Construction className="size-5 shrink-0" aria-hidden="true" />
        <p>Esta sección estará disponible próximamente.</p>
      </div>
    </>
  );
}
