import { describe, expect, it } from 'vitest';
import { cursorSchema } from '@jornada/shared/schemas/common';
import { decodeCursor, encodeCursor } from './cursor';

describe('paging cursors', () => {
  it('carry the longest sort key the product makes: a 200-character name in any script, and its id', () => {
    const key = ['Ñ'.repeat(200), 'usr_01jd5x7y8z9a0b1c2d3e4f5g6h'];
    const cursor = encodeCursor(key);
    expect(cursorSchema.safeParse(cursor).success).toBe(true);
    expect(decodeCursor(cursor, 2)).toEqual(key);
  });

  it.each([
    ['a NUL', ['\u0000', 'x']],
    ['an escape character', ['\u001b', 'x']],
    ['a value longer than any sort key', ['9'.repeat(201), 'x']],
  ])('refuses %s with the Spanish 400', (_name, values) => {
    expect(() => decodeCursor(encodeCursor(values), 2)).toThrow('El cursor de paginación no es válido.');
  });
});
