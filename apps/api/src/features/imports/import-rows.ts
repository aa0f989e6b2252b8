import type { Kysely } from 'kysely';
import { normalizeHeader, type ImportColumn, type ImportKind, type ImportPreview } from '@jornada/shared/schemas/imports';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/authorization';
import { listCompanies } from './imports.repository';
import type { Table } from './read-table';

/** A data row with its cells by column key ('' when the column is absent) and the problems found so far. */
export interface CheckedRow<K extends string> {
  line: number;
  values: Record<K, string>;
  problems: string[];
}

/** The file's columns matched to the template's by header; a missing required column is a problem of the whole file. */
export function mapRows<K extends string>(table: Table, columns: readonly (ImportColumn & { key: K })[]): { rows: CheckedRow<K>[]; fileProblems: string[] } {
  const headers = table.header.map(normalizeHeader);
  const positions = new Map<K, number>();
  const fileProblems: string[] = [];
  for (const column of columns) {
    const index = headers.findIndex((header) => column.aliases.includes(header));
    if (index >= 0) positions.set(column.key, index);
    else if (column.required) fileProblems.push(`Falta la columna «${column.header}». Usa la plantilla para ver las columnas.`);
  }
  const rows = table.rows.map((row) => {
    const values = {} as Record<K, string>;
    for (const column of columns) {
      const index = positions.get(column.key);
      values[column.key] = index === undefined ? '' : (row.cells[index] ?? '');
    }
    return { line: row.line, values, problems: [] as string[] };
  });
  return { rows, fileProblems };
}

/** Lines of the file where each key appears more than once (usernames, e-mails, DNIs), for 'repetido en las filas…'. */
export function repeatedLines<K extends string>(rows: readonly CheckedRow<K>[], keyOf: (row: CheckedRow<K>) => string | undefined): Map<string, number[]> {
  const lines = new Map<string, number[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === undefined || key === '') continue;
    lines.set(key, [...(lines.get(key) ?? []), row.line]);
  }
  return new Map([...lines].filter(([, found]) => found.length > 1));
}

export const OWN_COMPANY_ONLY_MESSAGE = 'Solo puedes importar en tu propia empresa: deja la columna «Empresa» vacía o escribe su nombre.';
export const COMPANY_REQUIRED_MESSAGE = 'Falta la empresa: escribe su nombre en la columna «Empresa».';
export const unknownCompanyMessage = (name: string) => `No existe ninguna empresa llamada «${name}».`;

const sameText = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' }) === 0;

/**
 * Each row's company: a supervisor's rows go into their own company (the column may be blank or name
 * it, anything else is a problem that names no other company); the administrator names one per row.
 */
export async function resolveCompanies<K extends string>(db: Kysely<DB>, actor: Actor, rows: CheckedRow<K & string>[], companyOf: (row: CheckedRow<K>) => string): Promise<Map<CheckedRow<K>, { id: string; name: string }>> {
  const companies = await listCompanies(db);
  const found = new Map<CheckedRow<K>, { id: string; name: string }>();
  for (const row of rows) {
    const name = companyOf(row);
    if (actor.role !== 'Administrador') {
      const own = companies.find((company) => company.id === actor.companyId);
      if (!own) {
        row.problems.push(OWN_COMPANY_ONLY_MESSAGE);
        continue;
      }
      if (name === '' || sameText(name, own.name)) found.set(row, own);
      else row.problems.push(OWN_COMPANY_ONLY_MESSAGE);
      continue;
    }
    if (name === '') {
      row.problems.push(COMPANY_REQUIRED_MESSAGE);
      continue;
    }
    const company = companies.find((candidate) => sameText(candidate.name, name));
    if (company) found.set(row, company);
    else row.problems.push(unknownCompanyMessage(name));
  }
  return found;
}

export function previewOf<K extends string>(kind: ImportKind, columns: readonly (ImportColumn & { key: K })[], rows: CheckedRow<K>[], fileProblems: string[]): ImportPreview {
  return {
    kind,
    columns: columns.map((column) => column.header),
    rows: rows.map((row) => ({ line: row.line, cells: columns.map((column) => row.values[column.key]), problems: row.problems })),
    fileProblems,
    rowsWithProblems: rows.filter((row) => row.problems.length > 0).length,
  };
}
