/** A number input's value for react-hook-form: a blank field is null (the schemas say what is missing). */
export function quantityValue(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isNaN(number) ? null : number;
}

/** Props for a whole-number quantity input that phones open with a numeric keypad. */
export const quantityInputProps = { type: 'number', inputMode: 'numeric', step: 1 } as const;
