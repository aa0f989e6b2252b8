import { concepts, conceptTotalMinutes, holidayMinutesOf, nightMinutesOf, type ConceptMinutes } from './concept-split';

/**
 * Amounts of a worker's period (issue 26, decision 041), in integer cents. The company sets every
 * figure (its convenio's tables): the product computes with them and never claims a legal amount.
 *
 * - base: every worked minute at the ordinary hourly rate (the category price);
 * - night plus: each night minute (night and night-holiday) at the night plus per hour;
 * - holiday plus: each holiday minute (holiday and night-holiday) at the holiday plus per hour;
 *   a night-holiday minute earns both pluses by default, or only the higher one ('higher');
 * - overtime: a supplement on top of the base, which already paid those minutes at the ordinary
 *   rate: (multiplier − 1) × the ordinary rate, or a fixed amount per overtime hour.
 *
 * Each line is computed exactly (minutes × cents per hour / 60, a multiplier to 4 decimals) and
 * rounded once, half up to the cent; the total is the sum of the rounded lines, so the lines of a
 * payslip add up. Pass the period's summed minutes, not record by record: rounding per record
 * would drift by up to half a cent a record.
 */
export type OvertimePay = { kind: 'multiplier'; factor: number } | { kind: 'perHour'; cents: number };

export interface PayRates {
  /** The ordinary hourly rate, cents. */
  hourlyRateCents: number;
  /** Night plus per night hour, cents (0: none). */
  nightPlusPerHourCents: number;
  /** Holiday plus per holiday hour, cents (0: none). */
  holidayPlusPerHourCents: number;
  /** 'multiplier': an overtime hour is paid factor × the ordinary rate in all (factor ≥ 1). 'perHour': cents added per overtime hour. */
  overtime: OvertimePay;
  /** A minute both night and holiday earns 'both' pluses (default) or only the 'higher' one. */
  nightHoliday?: 'both' | 'higher';
}

export interface PayAmounts {
  baseCents: number;
  nightPlusCents: number;
  holidayPlusCents: number;
  overtimeCents: number;
  totalCents: number;
}

const FACTOR_SCALE = 10_000n;

function wholeNonNegative(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number ≥ 0: ${value}`);
  return BigInt(value);
}

/** numerator / denominator rounded half up (both ≥ 0): 0.5 cent goes up. */
function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** Cents for minutes at a price per hour, rounded half up. */
export function centsForMinutes(minutes: number, centsPerHour: number): number {
  return roundHalfUp(wholeNonNegative(minutes, 'Minutes') * wholeNonNegative(centsPerHour, 'Cents per hour'), 60n);
}

export function payAmounts(minutes: ConceptMinutes, overtimeMinutes: number, rates: PayRates): PayAmounts {
  const rate = wholeNonNegative(rates.hourlyRateCents, 'The hourly rate');
  const nightPlus = wholeNonNegative(rates.nightPlusPerHourCents, 'The night plus');
  const holidayPlus = wholeNonNegative(rates.holidayPlusPerHourCents, 'The holiday plus');
  for (const concept of concepts) wholeNonNegative(minutes[concept], `${concept} minutes`);
  const total = BigInt(conceptTotalMinutes(minutes));
  const both = BigInt(minutes.nightHoliday);
  const overtime = wholeNonNegative(overtimeMinutes, 'Overtime minutes');

  // Under 'higher' a night-holiday minute earns the greater plus only (the holiday's on a tie).
  const higherOnly = rates.nightHoliday === 'higher';
  const nightTakesBoth = !higherOnly || nightPlus > holidayPlus;
  const holidayTakesBoth = !higherOnly || holidayPlus >= nightPlus;
  const nightMinutes = BigInt(nightMinutesOf(minutes)) - (nightTakesBoth ? 0n : both);
  const holidayMinutes = BigInt(holidayMinutesOf(minutes)) - (holidayTakesBoth ? 0n : both);

  let overtimeCents: number;
  if (rates.overtime.kind === 'multiplier') {
    const factor = rates.overtime.factor;
    if (!Number.isFinite(factor) || factor < 1) throw new RangeError(`The overtime multiplier must be ≥ 1: ${factor}`);
    const scaled = BigInt(Math.round(factor * Number(FACTOR_SCALE)));
    overtimeCents = roundHalfUp(overtime * rate * (scaled - FACTOR_SCALE), 60n * FACTOR_SCALE);
  } else {
    overtimeCents = roundHalfUp(overtime * wholeNonNegative(rates.overtime.cents, 'The overtime amount'), 60n);
  }

  const amounts = {
    baseCents: roundHalfUp(total * rate, 60n),
    nightPlusCents: roundHalfUp(nightMinutes * nightPlus, 60n),
    holidayPlusCents: roundHalfUp(holidayMinutes * holidayPlus, 60n),
    overtimeCents,
  };
  return { ...amounts, totalCents: amounts.baseCents + amounts.nightPlusCents + amounts.holidayPlusCents + amounts.overtimeCents };
}
