import { formatDuration, formatLongDate, formatTime } from '@jornada/shared/format';
import type { TimeLogEntry } from '@jornada/shared/schemas/time-records';

/** The texts of one time-log row, shared by the table and the phone cards. */
export function describeEntry(entry: TimeLogEntry) {
  const user = entry.userName ?? 'Usuario Desconocido';
  const event = entry.eventName ?? 'Evento Desconocido';
  return {
    user,
    event,
    company: entry.companyName ?? 'Empresa Desconocida',
    date: formatLongDate(entry.startTime),
    start: formatTime(entry.startTime),
    end: entry.endTime ? formatTime(entry.endTime) : null,
    duration: entry.status === 'completado' ? formatDuration(entry.duration) : null,
    subject: `${user}, ${event}`,
  };
}
