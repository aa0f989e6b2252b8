import {
  canReachRoute,
  findDashboardRoute,
  type DashboardRouteName,
  type RoleName,
} from '@jornada/shared/permissions';
import {
  Archive,
  BookCheck,
  BriefcaseBusiness,
  Building,
  CalendarCheck,
  CalendarClock,
  CalendarCog,
  CalendarX,
  CircleUser,
  ClipboardCheck,
  ClipboardList,
  ClipboardPen,
  Clock,
  Eye,
  FileCheck,
  FileText,
  FolderOpen,
  House,
  KeyRound,
  Link2,
  ListClock,
  Package,
  PackageCheck,
  PenLine,
  Plane,
  Radio,
  Scale,
  ScrollText,
  ShieldCheck,
  Tags,
  TreePalm,
  UserCog,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export interface NavLinkItem {
  route: DashboardRouteName;
  icon: LucideIcon;
  /** Overrides the route's title from the shared route table. */
  label?: string;
  search?: string;
  /** Decides, from the current query string, whether this entry is the active one. */
  matchSearch?: (params: URLSearchParams) => boolean;
}

export interface NavGroupItem {
  label: string;
  icon: LucideIcon;
  children: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

export function isNavGroup(item: NavItem): item is NavGroupItem {
  return 'children' in item;
}

export function navLabel(item: NavLinkItem): string {
  return item.label ?? findDashboardRoute(item.route)?.title ?? item.route;
}

const overview: NavLinkItem = { route: 'overview', label: 'Inicio', icon: House };
const account: NavLinkItem = { route: 'account', icon: CircleUser };

const supervisorScreens: NavLinkItem[] = [
  { route: 'live', icon: Radio },
  { route: 'view-employees', icon: Users },
  { route: 'supervise-events', icon: Eye },
  { route: 'manage-events', icon: CalendarCog },
  { route: 'company-registro', label: 'Registro de Jornada', icon: BookCheck },
  { route: 'working-time-rules', icon: Scale },
  { route: 'manage-material', icon: Package },
  { route: 'lent-material', icon: PackageCheck },
  { route: 'vacations', icon: TreePalm },
  { route: 'payments', icon: Wallet },
  { route: 'employee-reports', icon: FileText },
  { route: 'event-log', icon: CalendarX },
  { route: 'time-log', icon: ListClock },
  { route: 'corrections', icon: ClipboardPen },
  { route: 'access-links', icon: Link2 },
];

// The shifts screen defaults to the active filter; any other value lists finished shifts.
const isActiveShiftFilter = (params: URLSearchParams) => (params.get('filter') ?? 'active') === 'active';

/** The sidebar of each role, as spec section 2 lists it. */
const navigationByRole: Record<RoleName, NavItem[]> = {
  Administrador: [
    overview,
    { route: 'manage-companies', icon: Building },
    { route: 'manage-categories', icon: Tags },
    { route: 'manage-users', icon: UserCog },
    {
      label: 'Vistas y Privilegios',
      icon: ShieldCheck,
      children: [
        { route: 'manage-permissions', label: 'Permisos', icon: KeyRound },
        { route: 'manage-roles', label: 'Roles', icon: BriefcaseBusiness },
      ],
    },
    { route: 'action-log', icon: ScrollText },
    { route: 'registro-integrity', icon: FileCheck },
    { route: 'legal-archive', icon: Archive },
    // Administrators also reach the supervisor screens (spec section 6).
    { label: 'Supervisión', icon: ClipboardCheck, children: supervisorScreens },
  ],
  Supervisor: [overview, ...supervisorScreens, account],
  Empleado: [
    overview,
    {
      label: 'Turnos',
      icon: CalendarClock,
      children: [
        {
          route: 'shifts',
          label: 'Turnos Actuales',
          icon: CalendarClock,
          search: '?filter=active',
          matchSearch: isActiveShiftFilter,
        },
        {
          route: 'shifts',
          label: 'Turnos Finalizados',
          icon: CalendarCheck,
          search: '?filter=finished',
          matchSearch: (params) => !isActiveShiftFilter(params),
        },
      ],
    },
    { route: 'work-reports', icon: ClipboardList },
    { route: 'my-hours', icon: Clock },
    { route: 'my-registro', icon: BookCheck },
    { route: 'corrections', icon: ClipboardPen },
    { route: 'my-documents', icon: FolderOpen },
    { route: 'my-signature', icon: PenLine },
    { route: 'request-vacation', icon: Plane },
    account,
  ],
};

/** The role's sidebar without the entries its company's permission matrix withholds. */
export function navigationFor(role: RoleName, grantedViews: readonly string[]): NavItem[] {
  const reachable = (item: NavLinkItem) => canReachRoute(role, item.route, grantedViews);
  return navigationByRole[role].flatMap((item): NavItem[] => {
    if (!isNavGroup(item)) return reachable(item) ? [item] : [];
    const children = item.children.filter(reachable);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}
