import { formatDateTime } from '@jornada/shared/format';
import type { NotificationMessage } from './notify';

/** The Spanish texts of each kind, and the screen each one opens. Only what the person needs to know. */

const SHIFTS = '/dashboard/shifts';
const OWN_VACATIONS = '/dashboard/request-vacation';
const COMPANY_VACATIONS = '/dashboard/vacations';

interface EventFacts {
  name: string;
  location: string;
  start: Date | string;
  /** How many days of a constant event; 1 for one occurrence. */
  occurrences?: number;
  timeZone: string;
}

const when = (event: EventFacts) =>
  (event.occurrences ?? 1) > 1 ? `${event.occurrences} días desde el ${formatDateTime(event.start, event.timeZone)}` : formatDateTime(event.start, event.timeZone);

export const eventAssigned = (event: EventFacts): NotificationMessage => ({
  kind: 'event.assigned',
  title: 'Nuevo turno asignado',
  body: `Te han asignado al evento «${event.name}» (${when(event)}, ${event.location}).`,
  link: SHIFTS,
});

export const eventUnassigned = (event: EventFacts): NotificationMessage => ({
  kind: 'event.unassigned',
  title: 'Ya no estás en un turno',
  body: `Te han retirado del evento «${event.name}» (${when(event)}).`,
  link: SHIFTS,
});

export const eventChanged = (event: EventFacts): NotificationMessage => ({
  kind: 'event.changed',
  title: 'Tu turno ha cambiado',
  body: `El evento «${event.name}» es ahora el ${when(event)} en ${event.location}.`,
  link: SHIFTS,
});

export const eventDeleted = (event: EventFacts): NotificationMessage => ({
  kind: 'event.deleted',
  title: 'Turno cancelado',
  body: `Se ha eliminado el evento «${event.name}» (${when(event)}).`,
  link: SHIFTS,
});

const days = (count: number) => (count === 1 ? '1 día' : `${count} días`);

export const vacationRequested = (employeeName: string, dayCount: number): NotificationMessage => ({
  kind: 'vacation.requested',
  title: 'Nueva solicitud de vacaciones',
  body: `${employeeName} ha solicitado vacaciones (${days(dayCount)}).`,
  link: COMPANY_VACATIONS,
});

export const vacationAnswered = (status: 'confirmado' | 'rechazado', dayCount: number): NotificationMessage =>
  status === 'confirmado'
    ? { kind: 'vacation.approved', title: 'Vacaciones aprobadas', body: `Tu solicitud de vacaciones (${days(dayCount)}) ha sido aprobada.`, link: OWN_VACATIONS }
    : { kind: 'vacation.rejected', title: 'Vacaciones rechazadas', body: `Tu solicitud de vacaciones (${days(dayCount)}) ha sido rechazada.`, link: OWN_VACATIONS };

export const vacationProposed = (dayCount: number): NotificationMessage => ({
  kind: 'vacation.proposed',
  title: 'Te han propuesto vacaciones',
  body: `Tu empresa te propone vacaciones (${days(dayCount)}). Confírmalas con tu firma o recházalas.`,
  link: OWN_VACATIONS,
});
