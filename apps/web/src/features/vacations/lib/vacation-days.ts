import { format } from 'date-fns';
import { es } from 'date-fns/locale';

/*
 * Vacation days travel as 'yyyy-MM-dd' keys: calendar days of the company time zone
 * (decision 4). The calendar draws them as plain dates (lib/calendar-days).
 */

const DAY_MS = 86_400_000;

/** Noon UTC of the key: a plain date whose calendar fields are the key's, whatever the zone. */
function utcNoon(key: string): Date {
  return new Date(`${key}T12:00:00Z`);
}

function nextKey(key: string): string {
  return new Date(utcNoon(key).getTime() + DAY_MS).toISOString().slice(0, 10);
}

function spell(key: string, pattern: string): string {
  const date = utcNoon(key);
  // Read the UTC fields as local ones so the browser's zone cannot move the day.
  const local = new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return format(local, pattern, { locale: es });
}

/** '4 de mayo de 2026', '4–8 de mayo de 2026', '30 de abril – 2 de mayo de 2026', '30 dic. 2026 – 2 ene. 2027'. */
function spellRange(first: string, last: string): string {
  if (first === last) return spell(first, "d 'de' MMMM 'de' yyyy");
  if (first.slice(0, 7) === last.slice(0, 7)) return `${spell(first, 'd')}–${spell(last, "d 'de' MMMM 'de' yyyy")}`;
  if (first.slice(0, 4) === last.slice(0, 4)) return `${spell(first, "d 'de' MMMM")} – ${spell(last, "d 'de' MMMM 'de' yyyy")}`;
  return `${spell(first, "d 'de' MMMM 'de' yyyy")} – ${spell(last, "d 'de' MMMM 'de' yyyy")}`;
}

/** Sorted, distinct day keys as runs of consecutive days, each spelled in Spanish. */
export function describeDays(keys: readonly string[]): string[] {
  const sorted = [...new Set(keys)].sort();
  const runs: string[] = [];
  let start: string | undefined;
  let previous: string | undefined;
  for (const key of sorted) {
    if (start !== undefined && previous !== undefined && key === nextKey(previous)) {
      previous = key;
      continue;
    }
    if (start !== undefined && previous !== undefined) runs.push(spellRange(start, previous));
    start = key;
    previous = key;
  }
  if (start !== undefined && previous !== undefined) runs.push(spellRange(start, previous));
  return runs;
}

/** '1 día', '5 días' */
export function dayCount(count: number): string {
  return count === 1 ? '1 día' : `${count} días`;
}
