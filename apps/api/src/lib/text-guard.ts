/** What the text guard refuses (plugins/text-guard.ts): shared with the uploads' own checks below the plugins. */
export const NUL_CHARACTER_MESSAGE = 'El texto enviado contiene caracteres no permitidos.';

/** Whether a string anywhere in a parsed body, query or params holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (containsNul(item, depth + 1)) return true;
  }
  return false;
}
