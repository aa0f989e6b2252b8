import { describe, expect, it } from 'vitest';
import { dayCount, describeDays } from './vacation-days';

describe('vacation days', () => {
  it('groups consecutive days into Spanish ranges', () => {
    expect(describeDays(['2026-05-06', '2026-05-04', '2026-05-05', '2026-05-08'])).toEqual([
      '4–6 de mayo de 2026',
      '8 de mayo de 2026',
    ]);
    expect(describeDays(['2026-04-30', '2026-05-01'])).toEqual(['30 de abril – 1 de mayo de 2026']);
    expect(describeDays(['2026-12-31', '2027-01-01'])).toEqual(['31 de diciembre de 2026 – 1 de enero de 2027']);
    expect(describeDays(['2026-03-28', '2026-03-28'])).toEqual(['28 de marzo de 2026']);
    expect(describeDays([])).toEqual([]);
  });

  it('counts days', () => {
    expect(dayCount(1)).toBe('1 día');
    expect(dayCount(3)).toBe('3 días');
  });
});
