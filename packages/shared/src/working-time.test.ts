import { describe, expect, it } from 'vitest';
import {
  breaksCausedBy,
  buildJornadas,
  ESTATUTO_RULES,
  formatHoursMinutes,
  groupJornadas,
  localDayKey,
  monthTotals,
  ruleBreakMessage,
  type WorkInterval,
  type WorkingTimeRules,
} from './working-time';

let sequence = 0;
const interval = (start: string, end: string | null, extra: Partial<WorkInterval> = {}): WorkInterval => ({ id: `r${++sequence}`, start, end, ...extra });

describe('jornadas in Europe/Madrid', () => {
  it('gives a night shift across midnight to the day it starts', () => {
    const [jornada, ...rest] = groupJornadas([interval('2026-11-20T21:00:00Z', '2026-11-21T05:00:00Z')]);
    expect(rest).toHaveLength(0);
    expect(jornada).toMatchObject({ day: '2026-11-20', workedMinutes: 480 });
  });

  it('counts 7 real hours for 22:00 to 06:00 on the spring DST night', () => {
    // 28 March 22:00 CET (21:00Z) to 29 March 06:00 CEST (04:00Z).
    const [jornada] = groupJornadas([interval('2026-03-28T21:00:00Z', '2026-03-29T04:00:00Z')]);
    expect(jornada).toMatchObject({ day: '2026-03-28', workedMinutes: 420 });
  });

  it('counts 9 real hours for 22:00 to 06:00 on the autumn DST night', () => {
    // 24 October 22:00 CEST (20:00Z) to 25 October 06:00 CET (05:00Z).
    const [jornada] = buildJornadas([interval('2026-10-24T20:00:00Z', '2026-10-25T05:00:00Z')], ESTATUTO_RULES);
    expect(jornada).toMatchObject({ day: '2026-10-24', workedMinutes: 540, overtimeMinutes: 0, breaks: [] });
  });

  it('uses the local day, not the UTC day, for a start just after local midnight', () => {
    // 00:30 local on 1 December is 23:30Z on 30 November.
    const [jornada] = groupJornadas([interval('2026-11-30T23:30:00Z', '2026-12-01T07:30:00Z')]);
    expect(jornada?.day).toBe('2026-12-01');
  });

  it('keeps a split shift of one day and a short pause across midnight in one jornada', () => {
    const jornadas = groupJornadas([
      interval('2026-11-10T08:00:00Z', '2026-11-10T12:00:00Z'),
      interval('2026-11-10T15:00:00Z', '2026-11-10T19:00:00Z'),
      interval('2026-11-11T21:00:00Z', '2026-11-11T22:50:00Z'),
      interval('2026-11-11T23:30:00Z', '2026-11-12T05:00:00Z'),
    ]);
    expect(jornadas.map((jornada) => [jornada.day, jornada.workedMinutes])).toEqual([
      ['2026-11-10', 480],
      ['2026-11-11', 110 + 330],
    ]);
  });

  it('counts an open record as a jornada with no worked time, and does not swallow the next days', () => {
    const jornadas = buildJornadas([interval('2026-11-10T08:00:00Z', null), interval('2026-11-11T08:00:00Z', '2026-11-11T16:00:00Z')], ESTATUTO_RULES);
    expect(jornadas.map((jornada) => [jornada.day, jornada.end, jornada.workedMinutes, jornada.restBeforeMinutes])).toEqual([
      ['2026-11-10', null, 0, null],
      ['2026-11-11', '2026-11-11T16:00:00Z', 480, null],
    ]);
  });
});

describe('overtime', () => {
  it('is the time beyond the daily ordinary limit, per day', () => {
    const jornadas = buildJornadas(
      [interval('2026-11-02T07:00:00Z', '2026-11-02T17:30:00Z'), interval('2026-11-03T07:00:00Z', '2026-11-03T15:00:00Z')],
      ESTATUTO_RULES,
    );
    expect(jornadas.map((jornada) => jornada.overtimeMinutes)).toEqual([90, 0]);
    expect(jornadas[0]?.breaks.map((item) => item.message)).toEqual(['Jornada diaria: 10 h 30 min, máximo 9 h (exceso 1 h 30 min)']);
  });

  it('adds up the year so far and restarts on the 1st of January', () => {
    const days = ['2025-12-30', '2026-01-05', '2026-02-10', '2026-03-03'];
    const jornadas = buildJornadas(
      days.map((day) => interval(`${day}T06:00:00Z`, `${day}T17:00:00Z`)),
      ESTATUTO_RULES,
    );
    expect(jornadas.map((jornada) => jornada.yearOvertimeMinutes)).toEqual([120, 120, 240, 360]);
    expect(monthTotals(jornadas, '2026-02')).toEqual({ workedMinutes: 660, overtimeMinutes: 120, yearOvertimeMinutes: 240, breakCount: 1 });
  });

  it('marks the days past the yearly overtime cap', () => {
    const rules: WorkingTimeRules = { ...ESTATUTO_RULES, maxYearlyOvertimeHours: 3 };
    const jornadas = buildJornadas(
      ['2026-04-01', '2026-04-02'].map((day) => interval(`${day}T06:00:00Z`, `${day}T17:00:00Z`)),
      rules,
    );
    expect(jornadas[0]?.breaks.map((item) => item.rule)).toEqual(['daily-max']);
    expect(jornadas[1]?.breaks.find((item) => item.rule === 'yearly-overtime')?.message).toBe('Horas extra del año: 4 h, máximo 3 h (exceso 1 h)');
  });

  it('marks the days past an optional monthly cap', () => {
    const rules: WorkingTimeRules = { ...ESTATUTO_RULES, maxMonthlyHours: 16 };
    const jornadas = buildJornadas(
      ['2026-05-04', '2026-05-05', '2026-05-06'].map((day) => interval(`${day}T06:00:00Z`, `${day}T14:00:00Z`)),
      rules,
    );
    expect(jornadas.map((jornada) => jornada.breaks.map((item) => item.message))).toEqual([[], [], ['Horas del mes: 24 h, máximo 16 h (exceso 8 h)']]);
  });
});

describe('rest between jornadas', () => {
  it('reports the missing rest with the Spanish wording', () => {
    const jornadas = buildJornadas(
      [interval('2026-11-02T13:00:00Z', '2026-11-02T21:00:00Z'), interval('2026-11-03T06:00:00Z', '2026-11-03T14:00:00Z')],
      ESTATUTO_RULES,
    );
    expect(jornadas[1]?.restBeforeMinutes).toBe(540);
    expect(jornadas[1]?.breaks.map((item) => item.message)).toEqual(['Descanso entre jornadas: 9 h, mínimo 12 h (faltan 3 h)']);
  });

  it('measures real hours across the autumn DST change', () => {
    // Ends 25 October 02:30 CEST (00:30Z); the next starts 14:00 CET (13:00Z): 12 h 30 min.
    const jornadas = buildJornadas(
      [interval('2026-10-24T16:30:00Z', '2026-10-25T00:30:00Z'), interval('2026-10-25T13:00:00Z', '2026-10-25T20:00:00Z')],
      ESTATUTO_RULES,
    );
    expect(jornadas[1]?.restBeforeMinutes).toBe(750);
    expect(jornadas[1]?.breaks).toEqual([]);
  });

  it('follows a convenio with 13 hours', () => {
    const rules = { ...ESTATUTO_RULES, minRestHours: 13 };
    const jornadas = buildJornadas(
      [interval('2026-11-02T06:00:00Z', '2026-11-02T14:00:00Z'), interval('2026-11-03T02:30:00Z', '2026-11-03T06:00:00Z')],
      rules,
    );
    expect(jornadas[1]?.breaks[0]?.message).toBe('Descanso entre jornadas: 12 h 30 min, mínimo 13 h (faltan 30 min)');
  });
});

describe('assignment warnings', () => {
  const existing = [interval('2026-11-02T13:00:00Z', '2026-11-02T21:00:00Z')];

  it('reports only what the planned event causes', () => {
    const caused = breaksCausedBy(existing, [interval('2026-11-03T06:00:00Z', '2026-11-03T14:00:00Z', { planned: true })], ESTATUTO_RULES);
    expect(caused.map((item) => [item.rule, item.day, item.excessMinutes])).toEqual([['min-rest', '2026-11-03', 180]]);
  });

  it('is empty when the plan respects every rule', () => {
    expect(breaksCausedBy(existing, [interval('2026-11-03T10:00:00Z', '2026-11-03T18:00:00Z')], ESTATUTO_RULES)).toEqual([]);
  });

  it('names a running total once, at its highest', () => {
    const rules = { ...ESTATUTO_RULES, maxMonthlyHours: 8 };
    const planned = ['2026-11-05', '2026-11-06'].map((day) => interval(`${day}T06:00:00Z`, `${day}T10:00:00Z`));
    const caused = breaksCausedBy(existing, planned, rules);
    expect(caused.map((item) => item.message)).toEqual(['Horas del mes: 16 h, máximo 8 h (exceso 8 h)']);
  });
});

describe('local day keys', () => {
  it('follow the offset on each side of the autumn change', () => {
    expect(localDayKey('2026-10-24T22:30:00Z')).toBe('2026-10-25');
    expect(localDayKey('2026-10-25T22:30:00Z')).toBe('2026-10-25');
    expect(localDayKey('2026-10-25T23:00:00Z')).toBe('2026-10-26');
    expect(localDayKey(Date.parse('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(localDayKey('2026-11-30T23:30:00Z', 'UTC')).toBe('2026-11-30');
  });
});

describe('wording', () => {
  it('formats hours and minutes', () => {
    expect([formatHoursMinutes(0), formatHoursMinutes(45), formatHoursMinutes(540), formatHoursMinutes(91)]).toEqual(['0 min', '45 min', '9 h', '1 h 31 min']);
    expect(ruleBreakMessage('daily-max', 600, 540)).toBe('Jornada diaria: 10 h, máximo 9 h (exceso 1 h)');
  });
});
