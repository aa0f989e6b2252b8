import {
  canReachRoute,
  findDashboardRoute,
  type DashboardRouteName,
  type RoleName,
} from '@jornada/shared/permissions';
import {
  Archive,
  Braces,
  BookCheck,
  BriefcaseBusiness,
  Building,
  Calculator,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  CalendarCog,
  CalendarOff,
  CalendarPlus,
  CalendarRange,
  CalendarX,
  CircleUser,
  ClipboardList,
  ClipboardPen,
  Clock,
  Eye,
  FileCheck,
  FileText,
  FileUp,
  FileWarning,
  FolderOpen,
  House,
  KeyRound,
  Mail,
  OctagonAlert,
  Link2,
  ListClock,
  Package,
  PackageCheck,
  PenLine,
  Plane,
  Radio,
  Scale,
  ScrollText,
  Tags,
  TreePalm,
  UserCog,
  Webhook,
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
/** Decision 054: everyone's own API tokens, beside their account. */
const apiTokens: NavLinkItem = { route: 'api-tokens', icon: Braces };

/**
 * A labelled section of the sidebar (a heading over a list). Each entry is one line, so adding a
 * screen to a group is a one-line change. `collapsed` is the section's state before the user
 * opens or closes it (kept per browser afterwards).
 */
export interface NavSection {
  /** No label: the entries sit above the sections, without a heading (Inicio). */
  label?: string;
  items: NavItem[];
  collapsed?: boolean;
}

/** What a role's sidebar holds: its sections, and the entries pinned below them (always in sight). */
export interface RoleNavigation {
  sections: NavSection[];
  footer: NavLinkItem[];
}

/** 'Ahora' (decision 030): what a supervisor checks first, next to Inicio rather than inside a group. */
const live: NavLinkItem = { route: 'live', icon: Radio };

/** The supervisor's screens, by what a supervisor is doing; administrators reach them too. */
const supervisorSections: NavSection[] = [
  {
    label: 'Equipo',
    items: [
      { route: 'view-employees', icon: Users },
      { route: 'vacations', icon: TreePalm },
      { route: 'payments', icon: Wallet },
      { route: 'pay-rules', icon: Calculator },
      { route: 'caducidades', icon: FileWarning },
    ],
  },
  {
    label: 'Eventos',
    items: [
      { route: 'supervise-events', icon: Eye },
      { route: 'manage-events', icon: CalendarCog },
      { route: 'roster', icon: CalendarRange },
      { route: 'event-log', icon: CalendarX },
      { route: 'employee-reports', icon: FileText },
    ],
  },
  {
    label: 'Fichajes y registro',
    items: [
      { route: 'time-log', icon: ListClock },
      { route: 'company-registro', label: 'Registro de Jornada', icon: BookCheck },
      { route: 'corrections', icon: ClipboardPen },
    ],
  },
  // Setup screens, visited now and then: closed at first so the daily sections fit 1280 × 800 (a
  // section opens by itself on one of its pages, and the choice is kept per browser).
  {
    label: 'Material',
    collapsed: true,
    items: [
      { route: 'manage-material', icon: Package },
      { route: 'lent-material', icon: PackageCheck },
    ],
  },
  {
    label: 'Administración',
    collapsed: true,
    items: [
      { route: 'working-time-rules', icon: Scale },
      { route: 'holidays', icon: CalendarDays },
      { route: 'access-links', icon: Link2 },
      { route: 'webhooks', icon: Webhook },
      { route: 'import', icon: FileUp },
      { route: 'api-tokens', icon: Braces },
    ],
  },
];

// The shifts screen defaults to the active filter; any other value lists finished shifts.
const isActiveShiftFilter = (params: URLSearchParams) => (params.get('filter') ?? 'active') === 'active';

/** The sidebar of each role, as spec section 2 lists it, grouped. */
const navigationByRole: Record<RoleName, RoleNavigation> = {
  Administrador: {
    sections: [
      { items: [overview, live] },
      {
        label: 'Plataforma',
        items: [
          { route: 'manage-companies', icon: Building },
          { route: 'manage-users', icon: UserCog },
          { route: 'manage-categories', icon: Tags },
          { route: 'manage-roles', icon: BriefcaseBusiness },
          { route: 'manage-permissions', icon: KeyRound },
        ],
      },
      {
        label: 'Auditoría',
        items: [
          { route: 'action-log', icon: ScrollText },
          { route: 'registro-integrity', icon: FileCheck },
          { route: 'legal-archive', icon: Archive },
          { route: 'sent-mails', icon: Mail },
          { route: 'failed-jobs', icon: OctagonAlert },
        ],
      },
      // Administrators also reach the supervisor screens (spec section 6); closed at first so the
      // administrator's own sections stay in sight at 800 px.
      ...supervisorSections.map((section) => ({ ...section, collapsed: true })),
    ],
    footer: [apiTokens],
  },
  // A supervisor can be assigned too: their own unavailability sits by their account.
  Supervisor: { sections: [{ items: [overview, live] }, ...supervisorSections], footer: [{ route: 'open-shifts', icon: CalendarPlus }, { route: 'my-availability', icon: CalendarOff }, account] },
  Empleado: {
    sections: [
      {
        items: [
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
                // 'Cambios' (?filter=swaps, decision 052) is neither list: no entry lights up for it.
                matchSearch: (params) => params.get('filter') !== 'swaps' && !isActiveShiftFilter(params),
              },
              { route: 'open-shifts', label: 'Turnos Abiertos', icon: CalendarPlus },
            ],
          },
          { route: 'work-reports', icon: ClipboardList },
          { route: 'my-hours', icon: Clock },
          { route: 'my-registro', icon: BookCheck },
          { route: 'corrections', icon: ClipboardPen },
          { route: 'my-documents', icon: FolderOpen },
          { route: 'my-signature', icon: PenLine },
          { route: 'request-vacation', icon: Plane },
          { route: 'my-availability', icon: CalendarOff },
        ],
      },
    ],
    footer: [account],
  },
};

/** The role's sidebar without the entries its company's permission matrix withholds (and without empty sections). */
export function navigationFor(role: RoleName, grantedViews: readonly string[]): RoleNavigation {
  const reachable = (item: NavLinkItem) => canReachRoute(role, item.route, grantedViews);
  const visible = (items: NavItem[]) =>
    items.flatMap((item): NavItem[] => {
      if (!isNavGroup(item)) return reachable(item) ? [item] : [];
      const children = item.children.filter(reachable);
      return children.length > 0 ? [{ ...item, children }] : [];
    });
  const { sections, footer } = navigationByRole[role];
  return {
    sections: sections.flatMap((section) => {
      const items = visible(section.items);
      return items.length > 0 ? [{ ...section, items }] : [];
    }),
    footer: footer.filter(reachable),
  };
}
