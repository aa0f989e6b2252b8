import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyConceptMinutes, type ConceptMinutes } from './concept-split';
import { centsForMinutes, payAmounts, type PayRates } from './pay';

const minutes = (partial: Partial<ConceptMinutes>): ConceptMinutes => ({ ...emptyConceptMinutes(), ...partial });
const RATES: PayRates = { hourlyRateCents: 1250, nightPlusPerHourCents: 150, holidayPlusPerHourCents: 300, overtime: { kind: 'multiplier', factor: 1.75 } };

describe('centsForMinutes: half up, once', () => {
  it('rounds half a cent up and less than half down', () => {
    expect(centsForMinutes(1, 30)).toBe(1); // 0.5 → 1
    expect(centsForMinutes(1, 29)).toBe(0); // 0.483… → 0
    expect(centsForMinutes(30, 125)).toBe(63); // 62.5 → 63
    expect(centsForMinutes(90, 1000)).toBe(1500);
    expect(centsForMinutes(0, 1000)).toBe(0);
  });

  it('refuses negative or fractional inputs', () => {
    expect(() => centsForMinutes(-1, 100)).toThrow(RangeError);
    expect(() => centsForMinutes(1, 12.5)).toThrow(RangeError);
  });
});

describe('payAmounts', () => {
  it('a hand-computed month: 160 h with 20 h of night, 8 h of holiday (3 of them at night) and 6 h of overtime', () => {
    // ordinary 135 h, night 17 h, holiday 5 h, night-holiday 3 h: 160 h.
    const month = minutes({ ordinary: h(135), night: h(17), holiday: h(5), nightHoliday: h(3) });
    const amounts = payAmounts(month, h(6), RATES);
    expect(amounts).toEqual({
      baseCents: 160 * 1250, // 200,000
      nightPlusCents: 20 * 150, // 3,000: 17 h + 3 h
      holidayPlusCents: 8 * 300, // 2,400: 5 h + 3 h
      overtimeCents: 6 * 1250 * 0.75, // 5,625: the 0.75 on top of the base
      totalCents: 200_000 + 3_000 + 2_400 + 5_625,
    });
  });

  it("'higher': a night-holiday minute earns only the greater plus (the holiday's on a tie)", () => {
    const month = minutes({ night: 60, holiday: 60, nightHoliday: 60 });
    expect(payAmounts(month, 0, { ...RATES, nightHoliday: 'higher' })).toMatchObject({ nightPlusCents: 150, holidayPlusCents: 600 });
    expect(payAmounts(month, 0, { ...RATES, nightHoliday: 'higher', nightPlusPerHourCents: 400 })).toMatchObject({ nightPlusCents: 800, holidayPlusCents: 300 });
    expect(payAmounts(month, 0, { ...RATES, nightHoliday: 'higher', nightPlusPerHourCents: 300 })).toMatchObject({ nightPlusCents: 300, holidayPlusCents: 600 });
    expect(payAmounts(month, 0, RATES)).toMatchObject({ nightPlusCents: 300, holidayPlusCents: 600 });
  });

  it('rounds each line once, half up: a ×1.1 supplement and a fixed amount per overtime hour', () => {
    // Supplement: 7 × 1234 × 0.1 / 60 = 14.3966… cents → 14.
    expect(payAmounts(minutes({ ordinary: 7 }), 7, { ...RATES, hourlyRateCents: 1234, overtime: { kind: 'multiplier', factor: 1.1 } }).overtimeCents).toBe(14);
    // 45 min at 12.34 €/h = 925.5 cents → 926; a fixed 5 €/h overtime amount: 45 × 500 / 60 = 375.
    expect(payAmounts(minutes({ ordinary: 45 }), 45, { ...RATES, hourlyRateCents: 1234, overtime: { kind: 'perHour', cents: 500 } })).toMatchObject({ baseCents: 926, overtimeCents: 375 });
  });

  it('refuses a multiplier below 1 and negative figures', () => {
    expect(() => payAmounts(minutes({ ordinary: 60 }), 60, { ...RATES, overtime: { kind: 'multiplier', factor: 0.9 } })).toThrow(RangeError);
    expect(() => payAmounts(minutes({ ordinary: 60 }), 0, { ...RATES, nightPlusPerHourCents: -1 })).toThrow(RangeError);
    expect(() => payAmounts(minutes({ ordinary: -60 }), 0, RATES)).toThrow(RangeError);
    expect(() => payAmounts(minutes({ ordinary: -60, night: 120 }), 0, RATES)).toThrow(RangeError);
  });

  it('properties: whole cents, the total is the sum of the lines, each line within half a cent of the exact amount', () => {
    const conceptArb = fc.integer({ min: 0, max: 20_000 });
    fc.assert(
      fc.property(
        fc.record({ ordinary: conceptArb, night: conceptArb, holiday: conceptArb, nightHoliday: conceptArb }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.record({ rate: fc.integer({ min: 0, max: 10_000 }), night: fc.integer({ min: 0, max: 2_000 }), holiday: fc.integer({ min: 0, max: 2_000 }), factor: fc.integer({ min: 100, max: 300 }) }),
        (concepts, overtime, { rate, night, holiday, factor }) => {
          const rates: PayRates = { hourlyRateCents: rate, nightPlusPerHourCents: night, holidayPlusPerHourCents: holiday, overtime: { kind: 'multiplier', factor: factor / 100 } };
          const amounts = payAmounts(concepts, overtime, rates);
          const total = concepts.ordinary + concepts.night + concepts.holiday + concepts.nightHoliday;
          for (const value of Object.values(amounts)) expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
          expect(amounts.totalCents).toBe(amounts.baseCents + amounts.nightPlusCents + amounts.holidayPlusCents + amounts.overtimeCents);
          expect(Math.abs(amounts.baseCents - (total * rate) / 60)).toBeLessThanOrEqual(0.5);
          expect(Math.abs(amounts.nightPlusCents - ((concepts.night + concepts.nightHoliday) * night) / 60)).toBeLessThanOrEqual(0.5);
          expect(Math.abs(amounts.overtimeCents - (overtime * rate * (factor - 100)) / 6000)).toBeLessThanOrEqual(0.5 + 1e-6);
        },
      ),
      { numRuns: 500 },
    );
  });
});

function h(hours: number): number {
  return hours * 60;
}
