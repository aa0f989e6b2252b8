import type { AccessLinkState } from '@jornada/shared/schemas/access-links';
import type { BadgeVariant } from '@/components/ui/badge';

export const stateLabels: Record<AccessLinkState, string> = { activo: 'Activo', caducado: 'Caducado', revocado: 'Revocado' };
export const stateBadges: Record<AccessLinkState, BadgeVariant> = { activo: 'success', caducado: 'secondary', revocado: 'destructive' };

/** '31/10/2026' from 'yyyy-MM-dd'. */
export function formatDayKey(day: string): string {
  return day.split('-').reverse().join('/');
}

export function formatPeriod(from: string, to: string): string {
  return `${formatDayKey(from)} – ${formatDayKey(to)}`;
}

/** The page a link opens, on this server. */
export function accessUrl(token: string): string {
  return `${window.location.origin}/acceso/${token}`;
}

/** The previous calendar month as 'yyyy-MM-dd' days: the usual request of an inspection. */
export function previousMonthRange(today = new Date()): { from: string; to: string } {
  const first = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const last = new Date(today.getFullYear(), today.getMonth(), 0);
  const key = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return { from: key(first), to: key(last) };
}
