import { dayKeyOf } from '@jornada/shared/events';
import { formatDateTime, formatLongDate, formatTime } from '@jornada/shared/format';

interface Timed {
  date: string;
  endDate: string;
}

/** 'sábado, 21 de noviembre de 2026 a las 09:00' in the company time zone. */
export function formatLongDateTime(instant: string): string {
  return `${formatLongDate(instant)} a las ${formatTime(instant)}`;
}

/** '09:00 – 17:00' */
export function formatTimeRange(event: Timed): string {
  return `${formatTime(event.date)} – ${formatTime(event.endDate)}`;
}

/** '21/11/2026 09:00 – 17:00', or both dates when the event ends on another day. */
export function formatEventRange(event: Timed): string {
  const end = dayKeyOf(event.date) === dayKeyOf(event.endDate) ? formatTime(event.endDate) : formatDateTime(event.endDate);
  return `${formatDateTime(event.date)} – ${end}`;
}

/** The same range on two lines for narrow table cells: the date, then the times (or both ends). */
export function eventRangeLines(event: Timed): [string, string] {
  if (dayKeyOf(event.date) === dayKeyOf(event.endDate)) return [formatDateTime(event.date).slice(0, 10), formatTimeRange(event)];
  return [`${formatDateTime(event.date)} –`, formatDateTime(event.endDate)];
}
