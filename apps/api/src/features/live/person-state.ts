import type { LivePersonState } from '@jornada/shared/schemas/live';

export interface ShiftClockIns {
  /** The event's start. */
  startTime: string;
  /** The person's records for the event, any order. */
  records: readonly { start_time: string; end_time: string | null; status: 'activo' | 'completado' }[];
}

export interface PersonState {
  state: LivePersonState;
  clockInTime: string | null;
  clockOutTime: string | null;
}

/**
 * One assigned person's state at `now` (decision 030). An open clock-in wins over anything else (a
 * second clock-in after a break is Fichado again); a closed one is Finalizado; without any, time
 * since the start decides: Pendiente before it, Retrasado within the grace period, then No presentado.
 */
export function personStateAt(shift: ShiftClockIns, now: Date, graceMinutes: number): PersonState {
  const open = shift.records.find((record) => record.status === 'activo');
  if (open) return { state: 'Fichado', clockInTime: open.start_time, clockOutTime: null };
  const last = [...shift.records].sort((a, b) => b.start_time.localeCompare(a.start_time))[0];
  if (last) return { state: 'Finalizado', clockInTime: last.start_time, clockOutTime: last.end_time };
  const start = Date.parse(shift.startTime);
  const state: LivePersonState =
    now.getTime() < start ? 'Pendiente' : now.getTime() < start + graceMinutes * 60_000 ? 'Retrasado' : 'No presentado';
  return { state, clockInTime: null, clockOutTime: null };
}

/** The order a supervisor reads an event's people in: who needs a call first. */
export const attentionOrder: Record<LivePersonState, number> = {
  'No presentado': 0,
  Retrasado: 1,
  Pendiente: 2,
  Fichado: 3,
  Finalizado: 4,
};
