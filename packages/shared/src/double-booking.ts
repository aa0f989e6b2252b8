import { dayKeyOf } from './events';
import { DEFAULT_TIME_ZONE, formatTime } from './format';

/**
 * Issue 21 item 2: a person cannot be at two venues at once. Assigning someone to an event that
 * overlaps another of their events is a double booking, refused with these words (decision 029).
 */
export const DOUBLE_BOOKING_TITLE = 'Doble asignación';

/** 'dd/MM/yyyy' of an instant in the company time zone. */
function dayLabel(instant: Date | string, timeZone: string): string {
  return dayKeyOf(instant, timeZone).split('-').reverse().join('/');
}

/**
 * When another event takes place, in the company time zone: 'el 28/11/2026 de 10:00 a 14:00', or
 * across midnight 'del 28/11/2026 22:00 al 29/11/2026 06:00'.
 */
export function describeEventTimes(start: Date | string, end: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  const [startDay, endDay] = [dayLabel(start, timeZone), dayLabel(end, timeZone)];
  if (startDay === endDay) return `el ${startDay} de ${formatTime(start, timeZone)} a ${formatTime(end, timeZone)}`;
  return `del ${startDay} ${formatTime(start, timeZone)} al ${endDay} ${formatTime(end, timeZone)}`;
}

/** The 422 message: 'Doble asignación: Juan Pérez ya tiene asignado «Concierto» el 28/11/2026 de 10:00 a 14:00.' */
export function doubleBookingMessage(userName: string, eventName: string, start: Date | string, end: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  return `${DOUBLE_BOOKING_TITLE}: ${userName} ya tiene asignado «${eventName}» ${describeEventTimes(start, end, timeZone)}.`;
}

/**
 * The picker's short times of a busy slot: '10:00–14:00' on the planned event's own day, else with
 * the days ('27/11 22:00–28/11 06:00') so a slot on another day of a night shift is not misread.
 */
export function busySlotLabel(start: Date | string, end: Date | string, plannedDay: string | null, timeZone = DEFAULT_TIME_ZONE): string {
  const [startKey, endKey] = [dayKeyOf(start, timeZone), dayKeyOf(end, timeZone)];
  const short = (key: string) => key.slice(8, 10) + '/' + key.slice(5, 7);
  if (startKey === endKey && startKey === plannedDay) return `${formatTime(start, timeZone)}–${formatTime(end, timeZone)}`;
  if (startKey === endKey) return `${short(startKey)} ${formatTime(start, timeZone)}–${formatTime(end, timeZone)}`;
  return `${short(startKey)} ${formatTime(start, timeZone)}–${short(endKey)} ${formatTime(end, timeZone)}`;
}
