import { findDashboardRoute, grantableViews, roleNames, defaultGrantedViews, type GrantableView, type RoleName } from '@jornada/shared/permissions';

/** The Spanish title of a view, from the shared route table ('Mis Horas'). */
export function viewTitle(view: GrantableView): string {
  return findDashboardRoute(view)?.title ?? view;
}

function isRoleName(name: string): name is RoleName {
  return (roleNames as readonly string[]).includes(name);
}

/**
 * The views worth a checkbox for a role: a default role can only ever reach the views the
 * route table gives it (granting Empleado 'Gestionar Eventos' would do nothing); any other
 * role is offered every grantable view.
 */
export function applicableViews(roleName: string): readonly GrantableView[] {
  return isRoleName(roleName) ? defaultGrantedViews(roleName) : grantableViews;
}
