import { TIME_RECORD_FLAG_LABELS } from '@jornada/shared/schemas/time-records';
import { chainHeadText } from '../../ledgers/registro-chain/registro-anchors';
import { currentSignature, decimalHours, formatDay, formatInstant, type RegistroDocument, type RegistroSection } from './registro-document';

/**
 * The CSV a Spanish Excel opens as is: UTF-8 with a BOM (accents), ';' between fields (the comma is
 * the decimal mark), CRLF line ends, dates dd/mm/yyyy and hours with a decimal comma. One line per
 * clocked record (a day without records still gets one line), then a totals line per worker.
 */
export const REGISTRO_CSV_HEADER = [
  'Empresa',
  'Trabajador',
  'Usuario',
  'Fecha',
  'Entrada',
  'Salida',
  'Horas',
  'Corregido',
  'Marcas',
  'Total día (h)',
  'Horas extra día (h)',
  'Incumplimientos',
  'Firmado',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field: a value starting like a formula (=, +, -, @, tab, CR) gets a leading apostrophe so
 * Excel shows it as text instead of running it (CSV injection); quotes when needed.
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function line(fields: readonly string[]): string {
  return `${fields.map(csvField).join(';')}\r\n`;
}

function signedLabel(section: RegistroSection, timeZone: string, month: string): string {
  const signature = currentSignature(section, month);
  return signature ? `Firmado el ${formatInstant(signature.signedAt, timeZone)}` : '';
}

function sectionLines(document: RegistroDocument, section: RegistroSection): string {
  const { company, timeZone } = document;
  const who = [company.name, section.worker.name, section.worker.username ?? ''];
  let text = '';
  for (const day of section.days) {
    const breaks = day.breaks.map((item) => item.message).join(' | ');
    const signed = signedLabel(section, timeZone, day.day.slice(0, 7));
    const dayTotals = [decimalHours(day.workedMinutes), decimalHours(day.overtimeMinutes), breaks, signed];
    if (day.entries.length === 0) {
      text += line([...who, formatDay(day.day), '', '', decimalHours(0), '', '', ...dayTotals]);
      continue;
    }
    day.entries.forEach((entry, index) => {
      text += line([
        ...who,
        formatDay(day.day),
        formatInstant(entry.start, timeZone),
        entry.end === null ? 'Sin cierre' : formatInstant(entry.end, timeZone),
        decimalHours(entry.workedMinutes),
        entry.addedByCorrection ? 'Alta por corrección' : entry.corrected ? 'Sí' : 'No',
        entry.flags.map((flag) => TIME_RECORD_FLAG_LABELS[flag]).join(' | '),
        // The day's totals once, on its first record, so a sum of the column stays right.
        ...(index === 0 ? dayTotals : ['', '', '', signed]),
      ]);
    });
  }
  const { totals } = section;
  text += line([
    ...who,
    'Total',
    '',
    '',
    '',
    '',
    '',
    decimalHours(totals.workedMinutes),
    decimalHours(totals.overtimeMinutes),
    `Horas extra del año hasta ${formatDay(document.to)}: ${decimalHours(totals.yearOvertimeMinutes)} h`,
    '',
  ]);
  return text;
}

/** The whole document as CSV bytes (BOM included). */
export function renderRegistroCsv(document: RegistroDocument): Buffer {
  let text = line(REGISTRO_CSV_HEADER);
  for (const section of document.sections) text += sectionLines(document, section);
  // The chain head this copy anchors (decision 031), on a line of its own after the data.
  text += line([chainHeadText(document.chainHead)]);
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}
