import type ExcelJS from 'exceljs';
import { IMPORT_EMPTY_MESSAGE, IMPORT_FORMAT_MESSAGE, IMPORT_MAX_ROWS, IMPORT_TOO_MANY_ROWS_MESSAGE } from '@jornada/shared/schemas/imports';
import { AppError, badRequest } from '../../lib/errors';

/** A data row of the file: its line (the header is line 1) and its cells as text, trimmed. */
export interface TableRow {
  line: number;
  cells: string[];
}

export interface Table {
  header: string[];
  rows: TableRow[];
}

const tooManyRows = () => new AppError(413, 'PAYLOAD_TOO_LARGE', IMPORT_TOO_MANY_ROWS_MESSAGE);

/** CSV or XLSX, told apart by the bytes (a zip starts with 'PK'), never by the name the browser sends. */
export async function readTable(bytes: Buffer): Promise<Table> {
  const isZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const records = isZip ? await readXlsx(bytes) : readCsv(decodeText(bytes));
  const [first, ...rest] = records.filter((record) => record.cells.some((cell) => cell !== ''));
  if (!first) throw badRequest(IMPORT_EMPTY_MESSAGE);
  if (rest.length === 0) throw badRequest(IMPORT_EMPTY_MESSAGE);
  if (rest.length > IMPORT_MAX_ROWS) throw tooManyRows();
  return { header: first.cells, rows: rest };
}

/**
 * UTF-8 (with or without the BOM Excel writes for 'CSV UTF-8'); anything else is read as
 * Windows-1252, what Excel in Spain writes for plain 'CSV (delimitado por puntos y comas)'.
 */
function decodeText(bytes: Buffer): string {
  if (bytes.includes(0)) throw badRequest(IMPORT_FORMAT_MESSAGE);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** The separator is whichever of ';' and ',' the header line has more of, outside quotes. */
function detectSeparator(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : ',';
}

/** RFC 4180: quoted fields may hold the separator, line breaks and doubled quotes. */
export function readCsv(text: string): TableRow[] {
  const separator = detectSeparator(text);
  const records: TableRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endCell = () => {
    cells.push(cell.trim());
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push({ line: recordLine, cells });
    // One more than the limit is enough to refuse; the rest is never held.
    if (records.length > IMPORT_MAX_ROWS + 1) throw tooManyRows();
    cells = [];
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === separator) {
      endCell();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A cell as the person typed it: dates as the wall-clock time Excel shows (it stores them as if in UTC). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    return `${date} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/** The first worksheet of an XLSX workbook. */
async function readXlsx(bytes: Buffer): Promise<TableRow[]> {
  const { default: Excel } = await import('exceljs'); // loaded when first used: ~0.3 s of the server's start otherwise
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest('No se ha podido leer el archivo XLSX: puede estar dañado. Guárdalo de nuevo desde Excel y vuelve a subirlo.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(IMPORT_EMPTY_MESSAGE);
  if (sheet.actualRowCount > IMPORT_MAX_ROWS + 1) throw tooManyRows();
  const records: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(cellText(row.getCell(column).value).split('\u0000').join('').trim());
    records.push({ line: row.number, cells });
  });
  return records;
}
