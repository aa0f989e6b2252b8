import { describe, expect, it } from 'vitest';
import { formatElapsed } from './elapsed';

describe('formatElapsed', () => {
  it('reads HH:MM:SS', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(59)).toBe('00:00:59');
    expect(formatElapsed(3_600 + 2 * 60 + 5)).toBe('01:02:05');
  });

  it('keeps counting hours past a day and never goes negative', () => {
    expect(formatElapsed(100 * 3_600)).toBe('100:00:00');
    expect(formatElapsed(-5)).toBe('00:00:00');
    expect(formatElapsed(61.9)).toBe('00:01:01');
  });
});
