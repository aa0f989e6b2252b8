import { formatEuros } from '@jornada/shared/format';

/** '123,75 €', or 'Por Convenio' when the person's category has no hourly price. */
export function amountText(amount: number | null): string {
  return amount === null ? 'Por Convenio' : formatEuros(amount);
}
