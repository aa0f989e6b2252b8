import type { RoleName } from '@jornada/shared/permissions';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation, type Location } from 'react-router';
import { cn } from '@/lib/cn';
import { isNavGroup, navigationFor, navLabel, type NavGroupItem, type NavLinkItem } from './navigation';

const itemClasses =
  'flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors ' +
  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

function isActive(item: NavLinkItem, location: Location): boolean {
  if (location.pathname !== `/dashboard/${item.route}`) return false;
  return item.matchSearch ? item.matchSearch(new URLSearchParams(location.search)) : true;
}

function SidebarLink({ item, nested = false }: { item: NavLinkItem; nested?: boolean }) {
  const location = useLocation();
  const active = isActive(item, location);
  const Icon = item.icon;
  return (
    <Link
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

function SidebarGroup({ group }: { group: NavGroupItem }) {
  const location = useLocation();
  const listId = useId();
  const containsActive = group.children.some((child) => isActive(child, location));
  const [open, setOpen] = useState(containsActive);
  // Reaching a child by other means (a link, the back button) opens its group.
  const [wasActive, setWasActive] = useState(containsActive);
  if (containsActive !== wasActive) {
    setWasActive(containsActive);
    if (containsActive) setOpen(true);
  }
  const Icon = group.icon;

  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={cn(itemClasses, 'text-slate-700 hover:bg-muted hover:text-foreground')}
      >
        <Icon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="flex-1 truncate text-left">{group.label}</span>
        <ChevronDown
          className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <ul id={listId} hidden={!open} className="mt-1 flex flex-col gap-1">
        {group.children.map((child) => (
          <li key={`${child.route}${child.search ?? ''}`}>
            <SidebarLink item={child} nested />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The role's menu; rendered both in the fixed desktop sidebar and in the mobile drawer. */
export function SidebarNav({ role, grantedViews }: { role: RoleName; grantedViews: readonly string[] }) {
  const items = navigationFor(role, grantedViews);
  return (
    <nav aria-label="Menú principal" className="p-3">
      <ul className="flex flex-col gap-1">
        {items.map((item) =>
          isNavGroup(item) ? (
            <SidebarGroup key={item.label} group={item} />
          ) : (
            <li key={item.route}>
              <SidebarLink item={item} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
