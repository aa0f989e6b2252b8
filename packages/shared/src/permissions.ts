/** Roles, views and who may reach what: shared by the server (authoritative) and the web (menus). */

export const roleNames = ['Administrador', 'Supervisor', 'Empleado'] as const;
export type RoleName = (typeof roleNames)[number];

export const defaultRoleIds = {
  Administrador: 'role-admin',
  Supervisor: 'role-supervisor',
  Empleado: 'role-employee',
} as const satisfies Record<RoleName, string>;

/** The views a company may grant or withhold per non-admin role (spec section 3). */
export const grantableViews = [
  'view-employees',
  'supervise-events',
  'manage-events',
  'event-log',
  'time-log',
  'my-hours',
  'my-documents',
  'shifts',
  'work-reports',
  'my-signature',
  'live',
] as const;
export type GrantableView = (typeof grantableViews)[number];

export function isGrantableView(view: string): view is GrantableView {
  return (grantableViews as readonly string[]).includes(view);
}

export interface DashboardRoute {
  name: string;
  title: string;
  roles: readonly RoleName[];
  /** Grantable views whose data the screen shows besides its own (decision 032): withheld, the screen is too. */
  dataViews?: readonly GrantableView[];
}

/**
 * Decision 032: a view guards its data, not only its screen. A route that returns other people's
 * time records needs 'time-log'; one that returns the company's people needs 'view-employees'.
 * The server enforces these on every such route (authorize's `view`); the web hides the screens.
 */
export const DATA_VIEWS = {
  records: ['time-log'],
  people: ['view-employees'],
  peopleAndRecords: ['time-log', 'view-employees'],
  /** 'Cuadrante' (decision 045): the people's events, shown to assign them. */
  eventsAndPeople: ['manage-events', 'view-employees'],
} as const satisfies Record<string, readonly GrantableView[]>;

const employeeAndSupervisor = ['Empleado', 'Supervisor'] as const;
const supervisorAndAdmin = ['Supervisor', 'Administrador'] as const;
const adminOnly = ['Administrador'] as const;

/** The route table of spec section 2; each path is /dashboard/<name>. */
export const dashboardRoutes = [
  { name: 'overview', title: 'Panel Principal', roles: roleNames },
  { name: 'my-hours', title: 'Mis Horas', roles: employeeAndSupervisor },
  { name: 'my-documents', title: 'Mis Documentos', roles: employeeAndSupervisor },
  { name: 'shifts', title: 'Mis Turnos', roles: employeeAndSupervisor },
  { name: 'work-reports', title: 'Partes de Trabajo', roles: employeeAndSupervisor },
  { name: 'my-signature', title: 'Mi Firma', roles: employeeAndSupervisor },
  { name: 'account', title: 'Mi Cuenta', roles: employeeAndSupervisor },
  { name: 'request-vacation', title: 'Solicitar Vacaciones', roles: ['Empleado'] },
  // Issue 27 item 5 (decision 044): when the person cannot work; whoever can be assigned marks their own.
  { name: 'my-availability', title: 'Mi Disponibilidad', roles: employeeAndSupervisor },
  // Issue 27 item 3 (decision 051): open places to claim; their own shifts' view ('shifts') guards it.
  { name: 'open-shifts', title: 'Turnos Abiertos', roles: employeeAndSupervisor, dataViews: ['shifts'] },
  { name: 'view-employees', title: 'Empleados', roles: supervisorAndAdmin },
  { name: 'supervise-events', title: 'Supervisar Eventos', roles: supervisorAndAdmin },
  { name: 'employee-reports', title: 'Partes de Empleados', roles: supervisorAndAdmin, dataViews: DATA_VIEWS.people },
  { name: 'manage-events', title: 'Gestionar Eventos', roles: supervisorAndAdmin },
  { name: 'manage-material', title: 'Gestionar Material', roles: supervisorAndAdmin },
  { name: 'lent-material', title: 'Material Prestado', roles: supervisorAndAdmin },
  { name: 'vacations', title: 'Gestionar Vacaciones', roles: supervisorAndAdmin },
  { name: 'payments', title: 'Pagos', roles: supervisorAndAdmin, dataViews: DATA_VIEWS.peopleAndRecords },
  // Issue 26: payroll figures, gated like 'Pagos'.
  { name: 'pay-rules', title: 'Reglas de pago', roles: supervisorAndAdmin, dataViews: DATA_VIEWS.peopleAndRecords },
  { name: 'event-log', title: 'Eventos Finalizados', roles: supervisorAndAdmin },
  { name: 'time-log', title: 'Fichajes', roles: supervisorAndAdmin },
  { name: 'manage-users', title: 'Gestionar Usuarios', roles: adminOnly },
  { name: 'manage-companies', title: 'Gestionar Empresas', roles: adminOnly },
  { name: 'manage-categories', title: 'Gestionar Categorías', roles: adminOnly },
  { name: 'manage-roles', title: 'Gestionar Roles', roles: adminOnly },
  { name: 'manage-permissions', title: 'Vistas y Privilegios', roles: adminOnly },
  { name: 'action-log', title: 'Registro de Acciones', roles: adminOnly },
  // Registro de jornada (issue 11): not grantable, a worker's access to their own record is a legal right.
  { name: 'corrections', title: 'Correcciones', roles: roleNames },
  { name: 'registro-integrity', title: 'Integridad del Registro', roles: adminOnly },
  // Decision 014: read-only links for the Labour Inspection, and the legal archive of deleted companies.
  { name: 'access-links', title: 'Accesos de Inspección', roles: supervisorAndAdmin, dataViews: DATA_VIEWS.records },
  { name: 'legal-archive', title: 'Archivo Legal', roles: adminOnly },
  // Issue 28 item 5 (decision 050): signed notices to the company's other programs, with people's clock-ins.
  { name: 'webhooks', title: 'Webhooks', roles: supervisorAndAdmin, dataViews: DATA_VIEWS.peopleAndRecords },
  // Issue 28 item 3 (decision 053): employees and events from a CSV or XLSX file; new people are people data.
  { name: 'import', title: 'Importar', roles: supervisorAndAdmin, dataViews: DATA_VIEWS.people },
  { name: 'my-registro', title: 'Registro de Jornada', roles: employeeAndSupervisor },
  { name: 'company-registro', title: 'Registro de Jornada de la Empresa', roles: supervisorAndAdmin, dataViews: DATA_VIEWS.records },
  { name: 'working-time-rules', title: 'Normas de Jornada', roles: supervisorAndAdmin },
  // Issue 26: the company's holiday calendar, managed like its working-time rules.
  { name: 'holidays', title: 'Calendario Laboral', roles: supervisorAndAdmin },
  // Issue 27 item 6 (decision 042): the company's qualification types and what each category requires,
  // and the people's qualifications that expired or expire soon.
  { name: 'qualifications', title: 'Titulaciones', roles: supervisorAndAdmin },
  { name: 'caducidades', title: 'Caducidades', roles: supervisorAndAdmin, dataViews: DATA_VIEWS.people },
  // Issue 27 item 1 (decision 045): who works when, a row per person and a column per day.
  { name: 'roster', title: 'Cuadrante', roles: supervisorAndAdmin, dataViews: DATA_VIEWS.eventsAndPeople },
  // Decision 030: the supervisor's live view of the shifts under way and starting soon.
  { name: 'live', title: 'Ahora', roles: supervisorAndAdmin },
  // Decision 033: the full list behind the top bar's bell.
  { name: 'notifications', title: 'Notificaciones', roles: employeeAndSupervisor },
  // Decision 035: the platform's mail outbox and the background jobs that used up their tries.
  { name: 'sent-mails', title: 'Correos Enviados', roles: adminOnly },
  { name: 'failed-jobs', title: 'Tareas Fallidas', roles: adminOnly },
  // Issue 28 item 4 (decision 054): each person's own tokens for other programs; not grantable.
  { name: 'api-tokens', title: 'Tokens de API', roles: roleNames },
] as const satisfies readonly DashboardRoute[];

export type DashboardRouteName = (typeof dashboardRoutes)[number]['name'];

export function findDashboardRoute(name: string): DashboardRoute | undefined {
  return dashboardRoutes.find((route) => route.name === name);
}

/**
 * Decision 5: a new company grants each non-admin role every grantable view
 * that the route table gives that role.
 */
export function defaultGrantedViews(role: RoleName): GrantableView[] {
  if (role === 'Administrador') return [];
  return grantableViews.filter((view) => {
    const route = findDashboardRoute(view);
    return route !== undefined && route.roles.includes(role);
  });
}

/**
 * Whether a role may reach a dashboard route, given the views its company grants it.
 * Administrators are never restricted by a company's matrix.
 */
export function canReachRoute(role: RoleName, routeName: string, grantedViews: readonly string[]): boolean {
  const route = findDashboardRoute(routeName);
  if (!route || !route.roles.includes(role)) return false;
  if (role === 'Administrador') return true;
  if (route.dataViews?.some((view) => !grantedViews.includes(view))) return false;
  return !isGrantableView(routeName) || grantedViews.includes(routeName);
}
