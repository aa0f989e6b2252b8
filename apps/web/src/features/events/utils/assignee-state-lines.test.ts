import type { AssigneeAvailability } from '@jornada/shared/schemas/assignee-availability';
import { describe, expect, it } from 'vitest';
import { askablePlan } from './assignment-plan';
import { assigneeStateLines } from './assignee-state-lines';

const free: AssigneeAvailability = { userId: 'u1', vacationDays: [], busy: [], busyCount: 0, warnings: [], warningCount: 0 };
// Thursday 3 December 2026, 10:00–14:00 in Madrid.
const guard = { eventId: 'evt-1', eventName: 'Guardia', date: '2026-12-03T09:00:00.000Z', endDate: '2026-12-03T13:00:00.000Z' };

describe("the picker's words for a person's state", () => {
  it('says nothing for a free person (the component shows Disponible)', () => {
    expect(assigneeStateLines(free, '2026-12-03')).toEqual([]);
  });

  it("names a vacation, and the other event with its times on the planned day or with its day otherwise", () => {
    expect(assigneeStateLines({ ...free, vacationDays: ['2026-12-03'] }, '2026-12-03')).toEqual([{ kind: 'vacation', text: 'De vacaciones' }]);
    expect(assigneeStateLines({ ...free, busy: [guard], busyCount: 1 }, '2026-12-03')).toEqual([{ kind: 'busy', text: 'Ocupado: «Guardia» 10:00–14:00' }]);
    expect(assigneeStateLines({ ...free, busy: [guard], busyCount: 3 }, null).map((line) => line.text)).toEqual([
      'Ocupado: «Guardia» 03/12 10:00–14:00',
      'y 2 eventos más a esa hora',
    ]);
  });

  it('gives working-time warnings only to someone who can be assigned', () => {
    const warned = { ...free, warnings: ['Jornada diaria: 12 h, máximo 9 h (exceso 3 h)'], warningCount: 1 };
    expect(assigneeStateLines(warned, '2026-12-03')).toEqual([{ kind: 'warning', text: 'Jornada diaria: 12 h, máximo 9 h (exceso 3 h)' }]);
    expect(assigneeStateLines({ ...warned, vacationDays: ['2026-12-03'] }, '2026-12-03').map((line) => line.kind)).toEqual(['vacation']);
  });
});

describe('a plan the server can judge', () => {
  const plan = { date: guard.date, endDate: guard.endDate, type: 'momentary' as const, repeatDays: [], companyId: null };

  it('needs both times, the end after the start, and a constant event its days', () => {
    expect(askablePlan(plan)).toBe(plan);
    expect(askablePlan({ ...plan, endDate: '' })).toBeNull();
    expect(askablePlan({ ...plan, endDate: plan.date })).toBeNull();
    expect(askablePlan({ ...plan, type: 'constant' })).toBeNull();
    expect(askablePlan({ ...plan, type: 'constant', repeatDays: [3] })).not.toBeNull();
    expect(askablePlan(undefined)).toBeNull();
  });
});
