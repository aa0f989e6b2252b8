import type { RoleName } from '@jornada/shared/permissions';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, type Location } from 'react-router';
import { cn } from '@/lib/cn';
import { isNavGroup, navigationFor, navLabel, type NavGroupItem, type NavItem, type NavLinkItem, type NavSection } from './navigation';

// 44 px touch targets in the phone drawer; a compact 26 px row in the desktop sidebar, so every
// section fits a 1280 × 800 window (with 'Caducidades', issue 27).
const itemClasses =
  'flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors lg:min-h-[1.625rem] lg:py-0.5 ' +
  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

function isActive(item: NavLinkItem, location: Location): boolean {
  if (location.pathname !== `/dashboard/${item.route}`) return false;
  return item.matchSearch ? item.matchSearch(new URLSearchParams(location.search)) : true;
}

function containsActive(items: NavItem[], location: Location): boolean {
  return items.some((item) => (isNavGroup(item) ? item.children.some((child) => isActive(child, location)) : isActive(item, location)));
}

/**
 * Open or closed, starting from `initiallyOpen`, and opened again whenever `active` turns true
 * (reaching an entry by a link or the back button shows it in the menu).
 */
function useDisclosure(initiallyOpen: boolean, active: boolean, storageKey?: string) {
  const [open, setOpenState] = useState(() => active || ((storageKey ? readStoredOpen(storageKey) : null) ?? initiallyOpen));
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setOpenState(true);
  }
  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (storageKey) writeStoredOpen(storageKey, next);
  };
  return [open, setOpen] as const;
}

/** A section's open state is a UI preference of this browser; storage may be unavailable (private mode). */
function readStoredOpen(key: string): boolean | null {
  try {
    const value = window.localStorage.getItem(key);
    return value === null ? null : value === 'open';
  } catch {
    return null;
  }
}

function writeStoredOpen(key: string, open: boolean) {
  try {
    window.localStorage.setItem(key, open ? 'open' : 'closed');
  } catch {
    // Not kept: the section still opens and closes for this visit.
  }
}

function SidebarLink({ item, nested = false }: { item: NavLinkItem; nested?: boolean }) {
  const location = useLocation();
  const active = isActive(item, location);
  const ref = useRef<HTMLAnchorElement>(null);
  // With sections open the menu may scroll: the current page's entry is brought into sight.
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const Icon = item.icon;
  return (
    <Link
      ref={ref}
      to={`/dashboard/${item.route}${item.search ?? ''}`}
      aria-current={active ? 'page' : undefined}
      className={cn(
        itemClasses,
        nested && 'pl-9',
        active ? 'bg-accent font-semibold text-accent-foreground' : 'text-slate-700 hover:bg-muted hover:text-foreground',
      )}
    >
      <Icon className={cn('size-5 shrink-0', active ? 'text-primary' : 'text-slate-500')} aria-hidden="true" />
      <span className="truncate">{navLabel(item)}</span>
    </Link>
  );
}

/** An entry with a submenu (the employee's Turnos). */
function SidebarGroup({ group }: { group: NavGroupItem }) {
  const location = useLocation();
  const listId = useId();
  const [open, setOpen] = useDisclosure(false, containsActive(group.children, location));
  const Icon = group.icon;

  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className={cn(itemClasses, 'text-slate-700 hover:bg-muted hover:text-foreground')}
      >
        <Icon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="flex-1 truncate text-left">{group.label}</span>
        <ChevronDown className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <ul id={listId} hidden={!open} className="mt-1 flex flex-col gap-1 lg:mt-0.5 lg:gap-0.5">
        {group.children.map((child) => (
          <li key={`${child.route}${child.search ?? ''}`}>
            <SidebarLink item={child} nested />
          </li>
        ))}
      </ul>
    </li>
  );
}

function EntryList({ items, labelledBy, id, hidden }: { items: NavItem[]; labelledBy?: string; id?: string; hidden?: boolean }) {
  return (
    <ul id={id} aria-labelledby={labelledBy} hidden={hidden} className="flex flex-col gap-1 lg:gap-0">
      {items.map((item) =>
        isNavGroup(item) ? (
          <SidebarGroup key={item.label} group={item} />
        ) : (
          <li key={`${item.route}${item.search ?? ''}`}>
            <SidebarLink item={item} />
          </li>
        ),
      )}
    </ul>
  );
}

/** A labelled section: its heading opens and closes it; the list is named by the heading. */
function SidebarSection({ section, role }: { section: NavSection & { label: string }; role: RoleName }) {
  const location = useLocation();
  const headingId = useId();
  const listId = useId();
  const [open, setOpen] = useDisclosure(!section.collapsed, containsActive(section.items, location), `jornada.menu.${role}.${section.label}`);

  return (
    <div className="mt-3 first:mt-0 lg:mt-2">
      <h2 id={headingId} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-left uppercase hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none lg:min-h-6"
        >
          <span className="flex-1 truncate">{section.label}</span>
          <ChevronDown className={cn('size-4 shrink-0 transition-transform', !open && '-rotate-90')} aria-hidden="true" />
        </button>
      </h2>
      <EntryList items={section.items} id={listId} labelledBy={headingId} hidden={!open} />
    </div>
  );
}

/**
 * The role's menu, in labelled sections; rendered both in the fixed desktop sidebar and in the
 * mobile drawer. It fills its container: the sections scroll (with a scrollbar in sight) and the
 * footer entries (Mi Cuenta) stay pinned below them.
 */
export function SidebarNav({ role, grantedViews }: { role: RoleName; grantedViews: readonly string[] }) {
  const { sections, footer } = navigationFor(role, grantedViews);
  return (
    <nav aria-label="Menú principal" className="flex h-full min-h-0 flex-col">
      <div className="scrollbar-visible min-h-0 flex-1 overflow-y-auto overscroll-contain p-3">
        {sections.map((section, index) =>
          section.label === undefined ? (
            <div key={`top-${index}`} className="mt-3 first:mt-0 lg:mt-2">
              <EntryList items={section.items} />
            </div>
          ) : (
            <SidebarSection key={section.label} section={{ ...section, label: section.label }} role={role} />
          ),
        )}
      </div>
      {footer.length > 0 && (
        <div className="shrink-0 border-t border-border p-3 lg:py-2">
          <EntryList items={footer} />
        </div>
      )}
    </nav>
  );
}
