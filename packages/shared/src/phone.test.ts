import { describe, expect, it } from 'vitest';
import { isValidPhone, normalizePhone, smsHref, telHref } from './phone';

describe('phone numbers', () => {
  it('drops the separators people type', () => {
    expect(normalizePhone(' +34 (600) 11-22.33 ')).toBe('+34600112233');
    expect(normalizePhone('600 11 22 33')).toBe('600112233');
  });
  it('accepts 9 to 15 digits with an optional leading +', () => {
    expect(isValidPhone('600 11 22 33')).toBe(true);
    expect(isValidPhone('+34 600 11 22 33')).toBe(true);
    expect(isValidPhone('60011223')).toBe(false);
    expect(isValidPhone('1234567890123456')).toBe(false);
    expect(isValidPhone('600-ABC-123')).toBe(false);
    expect(isValidPhone('34+600112233')).toBe(false);
  });
  it('builds dialer links', () => {
    expect(telHref('+34 600 11 22 33')).toBe('tel:+34600112233');
    expect(smsHref('600112233')).toBe('sms:600112233');
  });
});
