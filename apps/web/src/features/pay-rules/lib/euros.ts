/*
 * Euros as people type them ('12,50', '12.5', '1 €') to whole cents, from the string's digits: never
 * through a float (0.29 * 100 is 28.999…). A thousands separator is not accepted ('1.500' would be
 * read either way): the pluses per hour and per month are small numbers.
 */

const EUROS_PATTERN = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;

/** Whole cents, or null when the text is not an amount of euros with at most two decimals. */
export function parseEurosToCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0€]/g, '');
  const match = EUROS_PATTERN.exec(compact);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** '12,50' from 1250: what the input shows. */
export function centsToEurosText(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

const FACTOR_PATTERN = /^(\d{1,2})(?:[.,](\d{1,4}))?$/;

/** A multiplier typed as '1,75' (up to four decimals), or null. */
export function parseFactor(text: string): number | null {
  const match = FACTOR_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(`${whole}.${fraction || '0'}`);
}

/** '1,75' from 1.75. */
export function factorText(factor: number): string {
  return String(factor).replace('.', ',');
}
