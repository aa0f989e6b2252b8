/**
 * The SQLite/PostgreSQL comparison of one `npm run bench` run as two SVG charts (issue 29, item 5),
 * drawn when both engines ran: throughput of the request rows against their bounds, and the times.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultRow } from './results';
import { barChart } from './svg-chart';

const THROUGHPUT = ['session', 'dashboard', 'clock-cycle'] as const;
const TIMES = ['dashboard p99', 'clock-cycle p99', 'export time', 'payroll', 'roster', 'list-paging first', 'list-paging last'] as const;

export function writeEngineCharts(rows: readonly ResultRow[], directory: string, subtitle: string): string[] {
  const find = (name: string) => rows.find((entry) => entry.name === name);
  const sqlite = (name: string) => find(name);
  const postgres = (name: string) => find(`postgres:${name}`);
  if (!THROUGHPUT.some((name) => sqlite(name) && postgres(name))) return [];
  mkdirSync(directory, { recursive: true });
  const throughputFile = join(directory, 'engines-throughput.svg');
  writeFileSync(
    throughputFile,
    barChart({
      title: `Requests per second, Jornada and its bound (${subtitle})`,
      subtitle: 'bounds: SQLite session and dashboard a bare Fastify hello-world, its clock-cycle raw better-sqlite3; PostgreSQL pg alone',
      yLabel: 'requests per second',
      categories: [...THROUGHPUT],
      series: [
        { name: 'SQLite, Jornada', values: THROUGHPUT.map((name) => sqlite(name)?.value ?? null) },
        { name: 'SQLite, bound', values: THROUGHPUT.map((name) => sqlite(name)?.bound ?? null) },
        { name: 'PostgreSQL, Jornada', values: THROUGHPUT.map((name) => postgres(name)?.value ?? null) },
        { name: 'PostgreSQL, bound', values: THROUGHPUT.map((name) => postgres(name)?.bound ?? null) },
      ],
      logY: true,
      labelBars: true,
    }),
  );
  const timesFile = join(directory, 'engines-times.svg');
  writeFileSync(
    timesFile,
    barChart({
      title: `Times of the same rows, SQLite and PostgreSQL (${subtitle})`,
      subtitle: 'the p99 rows at 50 connections; the others a median of 7',
      yLabel: 'milliseconds',
      categories: [...TIMES],
      series: [
        { name: 'SQLite', values: TIMES.map((name) => sqlite(name)?.value ?? null) },
        { name: 'PostgreSQL', values: TIMES.map((name) => postgres(name)?.value ?? null) },
      ],
      logY: true,
      labelBars: true,
    }),
  );
  return [throughputFile, timesFile];
}
