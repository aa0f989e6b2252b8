import { z } from 'zod';
import { monthKeySchema } from './payments';

export const EXPORT_NO_COMPANY_MESSAGE = 'No se ha podido identificar tu empresa para la exportación.';

export const exportQuerySchema = z.object({ month: monthKeySchema });

/**
 * The supervisor's monthly report (spec section 3, Monthly export): the eight keys, each holding the
 * company's data for the month. Loose item shapes: it is a download, not a screen.
 */
export const monthlyExportSchema = z.object({
  month: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  employees: z.array(z.record(z.string(), z.unknown())),
  events: z.array(z.record(z.string(), z.unknown())),
  timeRecords: z.array(z.record(z.string(), z.unknown())),
  workReports: z.array(z.record(z.string(), z.unknown())),
  materialLoans: z.array(z.record(z.string(), z.unknown())),
  payments: z.array(z.record(z.string(), z.unknown())),
});
export type MonthlyExport = z.infer<typeof monthlyExportSchema>;

/** '<company name>_<yyyy_MM>.json', safe as a file name on every system. */
export function exportFileName(companyName: string, month: string): string {
  const printable = [...companyName.normalize('NFC')].map((char) => (char.charCodeAt(0) < 32 ? '_' : char)).join('');
  const safe = printable.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'empresa';
  return `${safe}_${month.replace('-', '_')}.json`;
}
