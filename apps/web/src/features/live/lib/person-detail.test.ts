import { describe, expect, it } from 'vitest';
import type { LivePerson } from '@jornada/shared/schemas/live';
import { personDetail } from './person-detail';

// 09:00Z is 10:00 in Madrid in November.
const event = { startTime: '2026-11-21T09:00:00.000Z' };
const person = (state: LivePerson['state'], clockInTime: string | null = null, clockOutTime: string | null = null): LivePerson => ({
  userId: 'u1',
  name: 'Ana',
  phone: null,
  state,
  clockInTime,
  clockOutTime,
});

describe('personDetail', () => {
  it('says when each state began, in the company time zone', () => {
    expect(personDetail(person('Fichado', '2026-11-21T09:02:00.000Z'), event, 15)).toBe('Entrada a las 10:02');
    expect(personDetail(person('Finalizado', '2026-11-21T09:02:00.000Z', '2026-11-21T11:30:00.000Z'), event, 15)).toBe('Entrada 10:02 · salida 12:30');
    expect(personDetail(person('Pendiente'), event, 15)).toBe('Empieza a las 10:00');
    expect(personDetail(person('Retrasado'), event, 15)).toBe('Sin fichar desde las 10:00 · margen hasta las 10:15');
    expect(personDetail(person('No presentado'), event, 15)).toBe('Sin fichar · el turno empezó a las 10:00');
  });
});
