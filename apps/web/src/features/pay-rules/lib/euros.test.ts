import { describe, expect, it } from 'vitest';
import { centsToEurosText, factorText, parseEurosToCents, parseFactor } from './euros';

describe('parseEurosToCents', () => {
  it('reads euros typed with a comma or a point to exact cents', () => {
    expect(parseEurosToCents('12,50')).toBe(1250);
    expect(parseEurosToCents('1,5')).toBe(150);
    expect(parseEurosToCents('0,29')).toBe(29);
    expect(parseEurosToCents('0.29')).toBe(29);
    expect(parseEurosToCents('1,15')).toBe(115);
    expect(parseEurosToCents('4,35')).toBe(435);
    expect(parseEurosToCents('0')).toBe(0);
    expect(parseEurosToCents('120')).toBe(12_000);
    expect(parseEurosToCents(' 3,07 € ')).toBe(307);
    expect(parseEurosToCents('9999999,99')).toBe(999_999_999);
  });

  it('has no float drift on any amount with two decimals', () => {
    for (let cents = 0; cents < 20_000; cents += 1) expect(parseEurosToCents(centsToEurosText(cents))).toBe(cents);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', ',', '1,234', '1.500,00', '-1', 'abc', '1,2,3', '12,5x', '1e3']) expect(parseEurosToCents(text), text).toBeNull();
  });

  it('shows cents as euros with a comma', () => {
    expect(centsToEurosText(0)).toBe('0,00');
    expect(centsToEurosText(150)).toBe('1,50');
    expect(centsToEurosText(12_050)).toBe('120,50');
  });
});

describe('parseFactor', () => {
  it('reads a multiplier with a comma', () => {
    expect(parseFactor('1,75')).toBe(1.75);
    expect(parseFactor('2')).toBe(2);
    expect(parseFactor('1.3333')).toBe(1.3333);
    expect(parseFactor('1,')).toBeNull();
    expect(parseFactor('x')).toBeNull();
    expect(factorText(1.75)).toBe('1,75');
  });
});
