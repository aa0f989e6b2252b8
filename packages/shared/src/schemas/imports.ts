import { z } from 'zod';
import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '../format';

/** Issue 28 item 3 (decision 053): bulk import of employees and events from CSV or XLSX. */

export const importKinds = ['employees', 'events'] as const;
export type ImportKind = (typeof importKinds)[number];

/** A file of 1000 rows is about 150 KB; 2 MB leaves room for XLSX's zip overhead. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_TOO_LARGE_MESSAGE = 'El archivo es demasiado grande: como mucho 2 MB.';
export const IMPORT_TOO_MANY_ROWS_MESSAGE = `El archivo tiene demasiadas filas: como mucho ${IMPORT_MAX_ROWS} por importación.`;
export const IMPORT_EMPTY_MESSAGE = 'El archivo no tiene filas de datos debajo de la cabecera.';
export const IMPORT_FORMAT_MESSAGE = 'El archivo debe ser CSV (separado por «;» o «,») o XLSX de Excel.';
export const IMPORT_HAS_PROBLEMS_MESSAGE = 'No se ha importado nada: hay filas con problemas. Corrige el archivo y vuelve a subirlo.';

/** A column of a template: the header written in the template, and other spellings accepted for it. */
export interface ImportColumn {
  key: string;
  header: string;
  aliases: readonly string[];
  required: boolean;
}

export const employeeImportColumns = [
  { key: 'name', header: 'Nombre', aliases: ['nombre', 'nombrecompleto', 'name'], required: true },
  { key: 'username', header: 'Usuario', aliases: ['usuario', 'nombredeusuario', 'username', 'login'], required: true },
  { key: 'email', header: 'Correo', aliases: ['correo', 'correoelectronico', 'email', 'e-mail', 'mail'], required: true },
  { key: 'company', header: 'Empresa', aliases: ['empresa', 'company'], required: false },
  { key: 'categories', header: 'Categorías', aliases: ['categorias', 'categoria', 'categories'], required: false },
  { key: 'dni', header: 'DNI', aliases: ['dni', 'nif', 'nie', 'dninie'], required: false },
  { key: 'tip', header: 'Número TIP', aliases: ['numerotip', 'tip', 'ntip'], required: false },
] as const satisfies readonly ImportColumn[];

export const eventImportColumns = [
  { key: 'name', header: 'Nombre', aliases: ['nombre', 'evento', 'name'], required: true },
  { key: 'location', header: 'Lugar', aliases: ['lugar', 'ubicacion', 'location', 'place'], required: true },
  { key: 'start', header: 'Inicio', aliases: ['inicio', 'fechainicio', 'start'], required: true },
  { key: 'end', header: 'Fin', aliases: ['fin', 'fechafin', 'end'], required: true },
  { key: 'staff', header: 'Personal', aliases: ['personal', 'usuarios', 'staff'], required: false },
  { key: 'company', header: 'Empresa', aliases: ['empresa', 'company'], required: false },
] as const satisfies readonly ImportColumn[];

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = { employees: employeeImportColumns, events: eventImportColumns };

/** 'Descargar plantilla': ';'-separated with a BOM, as Excel in Spain writes and opens it. */
export const IMPORT_TEMPLATES: Record<ImportKind, string> = {
  employees: [
    'Nombre;Usuario;Correo;Empresa;Categorías;DNI;Número TIP',
    'Lucía Martín Pérez;lmartin;lucia.martin@example.es;;Vigilante, Escolta;12345678Z;TIP-123456',
  ].join('\r\n'),
  events: ['Nombre;Lugar;Inicio;Fin;Personal;Empresa', 'Concierto de verano;Plaza Mayor, 1;2027-07-15 20:00;2027-07-16 02:00;lmartin, jgarcia;'].join('\r\n'),
};

/** Header text compared without case, accents, spaces or punctuation ('Número TIP' = 'numerotip'). */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '');
}

/** A list inside one cell: 'Vigilante, Escolta' or 'a | b'. */
export function splitList(cell: string): string[] {
  return cell
    .split(/[,;|\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A Spanish DNI (8 digits and a letter) or NIE (X, Y or Z, 7 digits and a letter) with the right check letter. */
export function isValidDni(value: string): boolean {
  const text = value.toUpperCase().replace(/[\s.-]/g, '');
  const match = /^([XYZ]\d{7}|\d{8})([A-Z])$/.exec(text);
  if (!match) return false;
  const digits = match[1]!.replace(/^X/, '0').replace(/^Y/, '1').replace(/^Z/, '2');
  return DNI_LETTERS[Number(digits) % 23] === match[2];
}

export function normalizeDni(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, '');
}

/**
 * A date and time of the company's wall clock: '2027-07-15 20:00', '2027-07-15T20:00' or
 * '15/07/2027 20:00' (Spanish day-first). Undefined when it is not one of those or not a real date.
 */
export function parseLocalDateTime(text: string, timeZone = DEFAULT_TIME_ZONE): Date | undefined {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value);
  const spanish = /^(\d{1,2})\/(\d{1,2})\/(\d{4})[ ,]+(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value);
  const parts = iso ? [iso[1], iso[2], iso[3], iso[4], iso[5]] : spanish ? [spanish[3], spanish[2], spanish[1], spanish[4], spanish[5]] : undefined;
  if (!parts) return undefined;
  const [year, month, day, hours, minutes] = parts.map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 23 || minutes > 59) return undefined;
  const date = new TZDate(year, month - 1, day, hours, minutes, 0, timeZone);
  // 31/02 rolls over to March: not a real date.
  if (date.getDate() !== day || date.getMonth() !== month - 1) return undefined;
  return new Date(date.getTime());
}

export const importRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  /** The row's cells in the order of `columns`. */
  cells: z.array(z.string()),
  problems: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  kind: z.enum(importKinds),
  /** The headers of the template, in order. */
  columns: z.array(z.string()),
  rows: z.array(importRowSchema),
  /** Problems of the whole file (a missing column). */
  fileProblems: z.array(z.string()),
  rowsWithProblems: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  kind: z.enum(importKinds),
  created: z.number().int(),
  /** Invitations queued (employees). */
  invited: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
