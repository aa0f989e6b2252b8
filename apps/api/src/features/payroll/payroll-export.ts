import { PassThrough, type Readable } from 'node:stream';
import { PAY_CONCEPT_LABELS, type PayConceptKey } from '@jornada/shared/schemas/pay-rules';
import type { PayrollLine, PayrollResponse } from '@jornada/shared/schemas/payroll';
import { csvField } from '../registro/registro-csv';
import { formatInstant } from '../registro/registro-document';

/*
 * The payroll exports (issue 26 item 5, docs/payroll-export.md): one row per employee and concept in
 * a flat layout that A3Nom's and Sage's variable-data imports map column by column. Units and
 * amounts are rounded here, once (ARCHITECTURE §8): hours to the hundredth, cents as they stand.
 */

export interface PayrollExportColumn {
  header: string;
  width: number;
  /** Excel number format of a numeric column. */
  numFmt?: string;
}

export const PAYROLL_EXPORT_COLUMNS: readonly PayrollExportColumn[] = [
  { header: 'Empresa', width: 26 },
  { header: 'Periodo', width: 10 },
  { header: 'Estado', width: 10 },
  { header: 'ID trabajador', width: 28 },
  { header: 'Usuario', width: 18 },
  { header: 'Trabajador', width: 28 },
  { header: 'Código concepto', width: 16 },
  { header: 'Concepto', width: 26 },
  { header: 'Unidades', width: 11, numFmt: '0.00' },
  { header: 'Importe', width: 12, numFmt: '#,##0.00' },
  { header: 'Observaciones', width: 40 },
];

export interface PayrollExportRow {
  userId: string;
  username: string;
  name: string;
  code: string;
  concept: string;
  /** Hours (1 for a monthly plus) in hundredths. */
  unitHundredths: number;
  /** Null: 'Por Convenio', no rate to compute with. */
  cents: number | null;
  notes: string;
}

export interface PayrollExport {
  companyName: string;
  sheet: PayrollResponse;
  rows: PayrollExportRow[];
  generatedAt: string;
}

export const STATUS_LABELS = { closed: 'Cerrado', open: 'Abierto' } as const;
export const WITHOUT_RATE_NOTE = 'Por Convenio: sin precio';
export const MISSING_CODE_NOTE = 'Sin código de concepto en Reglas de pago';

/** Minutes as hundredths of an hour, half up. */
function hundredthsOf(minutes: number): number {
  return Math.round((minutes * 100) / 60);
}

function flaggedNote(count: number): string {
  if (count === 0) return '';
  return count === 1 ? '1 registro marcado para revisar' : `${count} registros marcados para revisar`;
}

function joinNotes(...notes: string[]): string {
  return notes.filter(Boolean).join('; ');
}

/**
 * The rows of one employee: ordinary hours (every worked hour at the ordinary rate), the night and
 * holiday pluses, the overtime supplement and each monthly plus. A row with nothing in it (no
 * units and no amount) is left out.
 */
function rowsOfLine(line: PayrollLine, codes: Record<PayConceptKey, string>, username: string): PayrollExportRow[] {
  const amounts = line.amounts;
  const withoutRate = amounts === null ? WITHOUT_RATE_NOTE : '';
  const hours: { key: PayConceptKey; minutes: number; cents: number | null; notes: string }[] = [
    { key: 'ordinary', minutes: line.workedMinutes, cents: amounts?.baseCents ?? null, notes: joinNotes(withoutRate, flaggedNote(line.flaggedCount)) },
    { key: 'night', minutes: line.minutes.night + line.minutes.nightHoliday, cents: amounts?.nightPlusCents ?? null, notes: withoutRate },
    { key: 'holiday', minutes: line.minutes.holiday + line.minutes.nightHoliday, cents: amounts?.holidayPlusCents ?? null, notes: withoutRate },
    { key: 'overtime', minutes: line.overtimeMinutes, cents: amounts?.overtimeCents ?? null, notes: withoutRate },
  ];
  const who = { userId: line.userId, username, name: line.name };
  const rows: PayrollExportRow[] = hours.map((concept) => ({
    ...who,
    code: codes[concept.key],
    concept: PAY_CONCEPT_LABELS[concept.key],
    unitHundredths: hundredthsOf(concept.minutes),
    cents: concept.cents,
    notes: concept.notes,
  }));
  // A plus is a fixed monthly amount: one unit, its amount, whatever the employee's hourly rate.
  for (const plus of line.pluses) {
    rows.push({ ...who, code: plus.code ?? '', concept: plus.name, unitHundredths: plus.cents === 0 ? 0 : 100, cents: plus.cents, notes: plus.code ? '' : MISSING_CODE_NOTE });
  }
  return rows.filter((row) => row.unitHundredths !== 0 || (row.cents ?? 0) !== 0);
}

export function payrollExportRows(sheet: PayrollResponse, codes: Record<PayConceptKey, string>, usernames: ReadonlyMap<string, string>): PayrollExportRow[] {
  return sheet.lines.flatMap((line) => rowsOfLine(line, codes, usernames.get(line.userId) ?? ''));
}

function statusOf(sheet: PayrollResponse): string {
  return sheet.closed ? STATUS_LABELS.closed : STATUS_LABELS.open;
}

// ---- CSV -------------------------------------------------------------------------------------------

/** '1234,50': hundredths with a decimal comma and no thousands mark, as a Spanish Excel and A3 read it. */
export function decimalCommaText(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const whole = Math.abs(hundredths);
  return `${sign}${Math.floor(whole / 100)},${String(whole % 100).padStart(2, '0')}`;
}

/**
 * UTF-8 with a BOM, ';' between fields, CRLF, decimal comma: what a Spanish Excel and the
 * importers open as is. Text fields are guarded against formula injection (registro-csv's rule);
 * numbers are ours and never start like a formula.
 */
export function renderPayrollCsv(data: PayrollExport): Buffer {
  const { sheet, companyName } = data;
  const status = statusOf(sheet);
  const text = (value: string) => csvField(value);
  let out = `${PAYROLL_EXPORT_COLUMNS.map((column) => text(column.header)).join(';')}\r\n`;
  for (const row of data.rows) {
    out += `${[
      text(companyName),
      text(sheet.month),
      text(status),
      text(row.userId),
      text(row.username),
      text(row.name),
      text(row.code),
      text(row.concept),
      decimalCommaText(row.unitHundredths),
      row.cents === null ? '' : decimalCommaText(row.cents),
      text(row.notes),
    ].join(';')}\r\n`;
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(out, 'utf8')]);
}

// ---- XLSX ------------------------------------------------------------------------------------------

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The data sheet's name: also says the month ('Nómina 2026-11'). */
export const xlsxSheetName = (month: string) => `Nómina ${month}`;

/**
 * The workbook streamed as it is written (exceljs's WorkbookWriter: each row is committed to the zip
 * and leaves memory), so a month of thousands of rows never sits whole in the heap. First sheet: the
 * rows, header bold and frozen, units and amounts as numeric cells; second: 'Resumen', the month's
 * state and totals for a person reading it. Errors while writing abort the stream (the reply is cut,
 * never a half file presented as whole).
 */
export function streamPayrollXlsx(data: PayrollExport): Readable {
  const out = new PassThrough();
  writeXlsx(data, out).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

async function writeXlsx(data: PayrollExport, out: PassThrough): Promise<void> {
  const { sheet, companyName } = data;
  const { default: ExcelJS } = await import('exceljs'); // loaded when first used: ~0.3 s of the server's start otherwise
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Jornada';
  workbook.created = new Date(data.generatedAt);
  const status = statusOf(sheet);

  const rowsSheet = workbook.addWorksheet(xlsxSheetName(sheet.month), { views: [{ state: 'frozen', ySplit: 1 }] });
  rowsSheet.columns = PAYROLL_EXPORT_COLUMNS.map((column) => ({ header: column.header, width: column.width, ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}) }));
  const header = rowsSheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const row of data.rows) {
    rowsSheet
      // An empty text is an empty cell, as an importer reads a blank.
      .addRow([companyName, sheet.month, status, row.userId, row.username || null, row.name, row.code || null, row.concept, row.unitHundredths / 100, row.cents === null ? null : row.cents / 100, row.notes || null])
      .commit();
  }
  rowsSheet.commit();

  const summary = workbook.addWorksheet('Resumen');
  summary.columns = [{ width: 34 }, { width: 48 }];
  const { totals } = sheet;
  const closedText = sheet.closed
    ? `Cerrado${sheet.closedAt ? ` el ${formatInstant(sheet.closedAt, sheet.timeZone)}` : ''}${sheet.closedByName ? ` por ${sheet.closedByName}` : ''}: cifras congeladas`
    : `Abierto: cifras provisionales, calculadas el ${formatInstant(sheet.computedAt, sheet.timeZone)}`;
  const lines: [string, string | number, string?][] = [
    ['Empresa', companyName],
    ['Periodo', sheet.month],
    ['Estado', closedText],
    ['Zona horaria', sheet.timeZone],
    ['Trabajadores con filas', new Set(data.rows.map((row) => row.userId)).size],
    ['Filas', data.rows.length],
    ['Horas trabajadas', hundredthsOf(totals.workedMinutes) / 100, '0.00'],
    ['Horas extraordinarias', hundredthsOf(totals.overtimeMinutes) / 100, '0.00'],
    ['Importe total (con precio)', totals.amounts.totalCents / 100, '#,##0.00'],
    ['Empleados por convenio (sin importe)', totals.withoutRateCount],
    ['Registros marcados para revisar', totals.flaggedCount],
    ['Generado el', formatInstant(data.generatedAt, sheet.timeZone)],
  ];
  for (const [label, value, numFmt] of lines) {
    const added = summary.addRow([label, value]);
    added.getCell(1).font = { bold: true };
    if (numFmt) added.getCell(2).numFmt = numFmt;
    added.commit();
  }
  summary.commit();
  await workbook.commit();
}
