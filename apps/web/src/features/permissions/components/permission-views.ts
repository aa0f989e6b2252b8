import { findDashboardRoute, defaultGrantedViews, type GrantableView, type RoleName } from '@jornada/shared/permissions';

/** The Spanish title of a view, from the shared route table ('Mis Horas'). */
export function viewTitle(view: GrantableView): string {
  return findDashboardRoute(view)?.title ?? view;
}

/**
 * The views worth a checkbox for a role: a role can only ever reach the views the route table
 * gives its base (granting an Empleado-based role 'Gestionar Eventos' would do nothing; decision 043).
 */
export function applicableViews(base: RoleName): readonly GrantableView[] {
  return defaultGrantedViews(base);
}
