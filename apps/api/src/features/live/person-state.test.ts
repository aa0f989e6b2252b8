import { describe, expect, it } from 'vitest';
import { personStateAt } from './person-state';

const start = '2026-11-21T10:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('personStateAt', () => {
  it('is Fichado again after a break: the open clock-in wins over a closed one', () => {
    const records = [
      { start_time: '2026-11-21T10:00:00.000Z', end_time: '2026-11-21T11:00:00.000Z', status: 'completado' as const },
      { start_time: '2026-11-21T11:30:00.000Z', end_time: null, status: 'activo' as const },
    ];
    expect(personStateAt({ startTime: start, records }, at('2026-11-21T12:00:00Z'), 15)).toEqual({ state: 'Fichado', clockInTime: '2026-11-21T11:30:00.000Z', clockOutTime: null });
  });
  it('reports the last of several closed clock-ins as Finalizado', () => {
    const records = [
      { start_time: '2026-11-21T11:30:00.000Z', end_time: '2026-11-21T12:30:00.000Z', status: 'completado' as const },
      { start_time: '2026-11-21T10:00:00.000Z', end_time: '2026-11-21T11:00:00.000Z', status: 'completado' as const },
    ];
    expect(personStateAt({ startTime: start, records }, at('2026-11-21T13:00:00Z'), 15)).toEqual({
      state: 'Finalizado',
      clockInTime: '2026-11-21T11:30:00.000Z',
      clockOutTime: '2026-11-21T12:30:00.000Z',
    });
  });
  it('counts the grace period from the start: start inclusive, start + grace inclusive', () => {
    const shift = { startTime: start, records: [] };
    expect(personStateAt(shift, at('2026-11-21T09:59:59.999Z'), 15).state).toBe('Pendiente');
    expect(personStateAt(shift, at('2026-11-21T10:00:00.000Z'), 15).state).toBe('Retrasado');
    expect(personStateAt(shift, at('2026-11-21T10:14:59.999Z'), 15).state).toBe('Retrasado');
    expect(personStateAt(shift, at('2026-11-21T10:15:00.000Z'), 15).state).toBe('No presentado');
  });
});
