/**
 * bench/results.json, shared by every bench that writes figures (load bench, bundle size,
 * Lighthouse):
 *   { "machine": {...}, "updatedAt": ISO, "results": [ { name, value, bound, ratio, target, pass, unit?, note? } ] }
 * Writers merge by `name`: a run replaces its own rows and keeps everyone else's. `ratio` is
 * value / bound; `target` says which way it must go ('>= 0.60', '<= 2'); `pass` is the verdict;
 * `informational: true` marks a row reported for information only (it never fails the run).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';

export interface ResultRow {
  name: string;
  value: number;
  bound: number;
  ratio: number;
  target: string;
  pass: boolean;
  unit?: string;
  note?: string;
  /** Reported for information only: never decides the bench's exit code (e.g. a ratio to the bare Fastify bounds where a database bound judges the row). */
  informational?: boolean;
}

/** A budget row: value compared to a bound measured in the same run, as `ratio >= min` or `ratio <= max`. */
export function row(name: string, value: number, bound: number, budget: { min?: number; max?: number }, unit: string, note?: string): ResultRow {
  const ratio = bound === 0 ? Number.POSITIVE_INFINITY : value / bound;
  const pass = (budget.min === undefined || ratio >= budget.min) && (budget.max === undefined || ratio <= budget.max);
  const target = budget.min !== undefined ? `>= ${budget.min}` : `<= ${budget.max}`;
  return { name, value: round(value), bound: round(bound), ratio: round(ratio, 3), target, pass, unit, ...(note ? { note } : {}) };
}

/** The same row, marked as information: reported with its ratio, never a missed budget. */
export function informational(entry: ResultRow): ResultRow {
  return { ...entry, informational: true };
}

const round = (value: number, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

export function machine() {
  const cpu = cpus();
  return {
    cpuModel: cpu[0]?.model ?? 'unknown',
    cpus: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    kernel: release(),
    loadAverage: loadavg().map((value) => round(value)),
  };
}

export function mergeResults(file: string, rows: ResultRow[], machineInfo: Record<string, unknown>): void {
  let previous: { results?: ResultRow[] } = {};
  if (existsSync(file)) {
    try {
      previous = JSON.parse(readFileSync(file, 'utf8')) as typeof previous;
    } catch {
      previous = {};
    }
  }
  const names = new Set(rows.map((entry) => entry.name));
  const kept = (previous.results ?? []).filter((entry) => !names.has(entry.name));
  const document = { ...previous, machine: machineInfo, updatedAt: new Date().toISOString(), results: [...kept, ...rows] };
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
}

export function printTable(rows: ResultRow[]): void {
  const lines = rows.map((entry) => [
    entry.name,
    `${entry.value}${entry.unit ? ` ${entry.unit}` : ''}`,
    `${entry.bound}${entry.unit ? ` ${entry.unit}` : ''}`,
    `${entry.ratio}`,
    entry.target,
    entry.informational ? (entry.pass ? 'ok (info)' : 'below (info)') : entry.pass ? 'ok' : 'MISSED',
  ]);
  const header = ['name', 'value', 'bound', 'ratio', 'target', 'pass'];
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}
