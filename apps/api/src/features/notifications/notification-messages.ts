import { formatDateTime, formatTime, monthKeyOf } from '@jornada/shared/format';
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

// Reminders (scheduled jobs, features/reminders): the facts as they are when the job runs.

const OVERVIEW = '/dashboard/overview';

interface ShiftFacts {
  name: string;
  location: string;
  start: Date | string;
  end: Date | string;
  timeZone: string;
}

/** 60 minutes before a shift, to whoever has not clocked in yet; the clock-in button is on 'Inicio'. */
export const shiftReminder = (shift: ShiftFacts): NotificationMessage => ({
  kind: 'event.reminder',
  title: 'Tu turno empieza pronto',
  body: `Tu turno en «${shift.name}» empieza el ${formatDateTime(shift.start, shift.timeZone)} en ${shift.location}. Recuerda fichar la entrada.`,
  link: OVERVIEW,
});

/** 30 minutes after the event's end, to the person whose clock-in is still open; 'Inicio' has 'Detener'. */
export const clockOutReminder = (shift: ShiftFacts): NotificationMessage => ({
  kind: 'time-record.open',
  title: '¿Olvidaste fichar la salida?',
  body: `El evento «${shift.name}» terminó el ${formatDateTime(shift.end, shift.timeZone)} y tu fichaje sigue abierto. Ficha la salida o, si ya te fuiste, solicita una corrección.`,
  link: OVERVIEW,
});

/** An hour later, to the company's supervisors, naming who is still clocked in. */
export const openClockInsAlert = (shift: ShiftFacts, names: readonly string[]): NotificationMessage => ({
  kind: 'time-record.open-supervisors',
  title: names.length === 1 ? 'Fichaje sin salida' : 'Fichajes sin salida',
  body: `${names.join(', ')} ${names.length === 1 ? 'sigue' : 'siguen'} sin fichar la salida en «${shift.name}», que terminó el ${formatDateTime(shift.end, shift.timeZone)}.`,
  link: '/dashboard/time-log',
});

/**
 * Issue 24, item 5: the clock-in left open was closed by 'Cierre automático' at the event's end;
 * 'Mis Horas' of that month is where the person proposes the real time.
 */
export const autoClockOutDone = (eventName: string, end: Date | string, timeZone: string): NotificationMessage => ({
  kind: 'time-record.auto-closed',
  title: 'Fichaje cerrado automáticamente',
  body: `Tu fichaje en «${eventName}» se cerró automáticamente a las ${formatTime(end, timeZone)}. Si no es tu hora real de salida, solicita una corrección.`,
  link: `/dashboard/my-hours?month=${monthKeyOf(end, timeZone)}`,
});

// Material loans: the employee confirms or denies on 'Inicio'; the lender follows them in 'Material Prestado'.

export const loanCreated = (lenderName: string, items: string): NotificationMessage => ({
  kind: 'loan.created',
  title: 'Material pendiente de confirmar',
  body: `${lenderName} te ha prestado ${items}. Confirma la recepción con tu firma o deniégala.`,
  link: OVERVIEW,
});

export const loanReturnRequested = (items: string): NotificationMessage => ({
  kind: 'loan.return-requested',
  title: 'Devolución de material solicitada',
  body: `Tu empresa te pide que devuelvas ${items}. Confirma la devolución cuando la entregues.`,
  link: OVERVIEW,
});

export const loanDenied = (employeeName: string, items: string): NotificationMessage => ({
  kind: 'loan.denied',
  title: 'Recepción de material denegada',
  body: `${employeeName} ha denegado la recepción de ${items}. El material ha vuelto al stock.`,
  link: '/dashboard/lent-material',
});

// Corrections of the registro: the other side of the proposer decides; the proposer hears the decision.

const CORRECTIONS = '/dashboard/corrections';

export const correctionProposed = (proposerName: string, addition: boolean, interval: string): NotificationMessage => ({
  kind: 'correction.proposed',
  title: addition ? 'Alta de fichaje propuesta' : 'Corrección de fichaje propuesta',
  body: `${proposerName} propone ${addition ? 'dar de alta un fichaje olvidado' : 'corregir un fichaje'} (${interval}). Apruébala o recházala.`,
  link: CORRECTIONS,
});

export const correctionDecided = (status: 'aprobada' | 'rechazada', deciderName: string, interval: string): NotificationMessage =>
  status === 'aprobada'
    ? { kind: 'correction.approved', title: 'Corrección aprobada', body: `${deciderName} ha aprobado la corrección del fichaje (${interval}).`, link: `${CORRECTIONS}?estado=decididas` }
    : { kind: 'correction.rejected', title: 'Corrección rechazada', body: `${deciderName} ha rechazado la corrección del fichaje (${interval}).`, link: `${CORRECTIONS}?estado=decididas` };

/** On the 1st, for the month just closed ('2026-11'): its page opens that month, ready to sign. */
export const registroReady = (month: string): NotificationMessage => ({
  kind: 'registro.ready',
  title: 'Tu registro de jornada está listo',
  body: `El registro de jornada de ${monthName(month)} ya se puede firmar. Revísalo y fírmalo.`,
  link: `/dashboard/my-registro?month=${month}`,
});

/** 60, 30 and 7 days before a qualification expires (decision 042): the holder, then the supervisors. */
export const qualificationExpiring = (facts: { typeName: string; holderName: string; expiresOn: string; daysLeft: number }, forHolder: boolean): NotificationMessage => {
  const when = `el ${facts.expiresOn.split('-').reverse().join('/')} (${facts.daysLeft === 1 ? 'en 1 día' : `en ${facts.daysLeft} días`})`;
  return forHolder
    ? { kind: 'qualification.expiring', title: 'Tu titulación va a caducar', body: `Tu «${facts.typeName}» caduca ${when}. Renuévala y entrega la nueva a tu supervisor.`, link: '/dashboard/my-documents' }
    : { kind: 'qualification.expiring', title: 'Una titulación va a caducar', body: `«${facts.typeName}» de ${facts.holderName} caduca ${when}.`, link: '/dashboard/caducidades' };
};

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;

/** Decision 046: the supervisors hear that a place is free again, and why. */
export const eventDeclined = (employeeName: string, event: EventFacts, reason: string): NotificationMessage => ({
  kind: 'event.declined',
  title: 'Turno rechazado',
  body: `${employeeName} ha rechazado el evento «${event.name}» (${when(event)}). Motivo: ${reason}`,
  link: '/dashboard/manage-events',
});

/** Decision 051: a claim of an open place waits for a supervisor. */
export const openShiftClaimed = (employeeName: string, event: EventFacts): NotificationMessage => ({
  kind: 'open-shift.claimed',
  title: 'Solicitud de turno abierto',
  body: `${employeeName} solicita una plaza abierta en el evento «${event.name}» (${when(event)}, ${event.location}).`,
  link: '/dashboard/manage-events',
});

export const openShiftRejected = (event: EventFacts): NotificationMessage => ({
  kind: 'open-shift.rejected',
  title: 'Solicitud de turno rechazada',
  body: `Han rechazado tu solicitud para el evento «${event.name}» (${when(event)}).`,
  link: '/dashboard/open-shifts',
});

const SWAPS_OWN = '/dashboard/shifts?filter=swaps';
const SWAPS_COMPANY = '/dashboard/manage-events?cambios=1';

/** Decision 052: a colleague offers their shift (to everyone eligible) or proposes a swap (to one). */
export const swapProposed = (proposerName: string, offer: boolean, event: EventFacts): NotificationMessage => ({
  kind: 'shift-swap.proposed',
  title: offer ? 'Turno ofrecido' : 'Te proponen un cambio de turno',
  body: offer
    ? `${proposerName} ofrece su turno en «${event.name}» (${when(event)}). Puedes cogerlo en Mis Turnos.`
    : `${proposerName} te propone cambiar su turno en «${event.name}» (${when(event)}) por uno tuyo.`,
  link: SWAPS_OWN,
});

/** The supervisors hear that a change of shift waits for their approval; the proposer, that it was taken. */
export const swapTaken = (takerName: string, proposerName: string, event: EventFacts, forSupervisors: boolean): NotificationMessage => ({
  kind: 'shift-swap.taken',
  title: forSupervisors ? 'Cambio de turno por aprobar' : 'Han aceptado tu cambio de turno',
  body: forSupervisors
    ? `${takerName} acepta el turno de ${proposerName} en «${event.name}» (${when(event)}). Falta tu aprobación.`
    : `${takerName} acepta tu turno en «${event.name}» (${when(event)}). Falta la aprobación de un supervisor.`,
  link: forSupervisors ? SWAPS_COMPANY : SWAPS_OWN,
});

export const swapDecided = (approved: boolean, event: EventFacts): NotificationMessage => ({
  kind: 'shift-swap.decided',
  title: approved ? 'Cambio de turno aprobado' : 'Cambio de turno rechazado',
  body: approved
    ? `Se ha aprobado el cambio del turno en «${event.name}» (${when(event)}).`
    : `Se ha rechazado el cambio del turno en «${event.name}» (${when(event)}); nadie cambia de turno.`,
  link: SWAPS_OWN,
});
