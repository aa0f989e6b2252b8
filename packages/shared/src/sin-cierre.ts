/**
 * 'Sin cierre' (issue 11, part 2): an active record still open this long after its event ended is a
 * forgotten clock-out. It is flagged at read time (no background job) and closed only through a
 * correction, never silently.
 */
export const SIN_CIERRE_GRACE_MS = 2 * 60 * 60 * 1000;

/** When the event is gone (deleted), a record open this long is flagged instead. */
export const SIN_CIERRE_WITHOUT_EVENT_MS = 24 * 60 * 60 * 1000;

/** The instant from which an active record counts as 'Sin cierre'. */
export function sinCierreFrom(record: { startTime: string }, eventEnd: string | null): Date {
  return eventEnd
    ? new Date(Date.parse(eventEnd) + SIN_CIERRE_GRACE_MS)
    : new Date(Date.parse(record.startTime) + SIN_CIERRE_WITHOUT_EVENT_MS);
}

export function isSinCierre(record: { status: string; startTime: string }, eventEnd: string | null, now: Date): boolean {
  return record.status === 'activo' && now.getTime() >= sinCierreFrom(record, eventEnd).getTime();
}

export const SIN_CIERRE_LABEL = 'Sin cierre';
