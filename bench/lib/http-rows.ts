/**
 * The rows measured over HTTP against the real server process (and the bare Fastify bounds).
 * Every request carries a seeded employee's (or supervisor's) session cookie; state-changing
 * requests carry the CSRF header the product requires.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Request } from 'autocannon';
import { overviewRequests } from '../../apps/api/src/plugins/spa';
import { loadFigures, measureLoad, type LoadFigures } from './load';
import type { BenchUser, SeedInfo } from './seed';
import type { ServerProcess } from './processes';

const cookieOf = (user: BenchUser) => `jornada_session=${user.token}`;
const json = { 'content-type': 'application/json', 'x-requested-with': 'jornada' };

/** The clock-in body a phone sends; the POST echo bound gets the very same bytes. */
export function clockInBody(eventId: string): string {
  return JSON.stringify({ eventId, location: { lat: 40.41678, lng: -3.70379, accuracy: 12.5 } });
}

export async function measureHello(baseline: ServerProcess): Promise<LoadFigures> {
  return measureLoad(() => ({ url: `${baseline.url}/hello` }));
}

export async function measureEcho(baseline: ServerProcess, seed: SeedInfo): Promise<LoadFigures> {
  return measureLoad(() => ({ url: `${baseline.url}/echo`, method: 'POST', headers: json, body: clockInBody(seed.largest.shiftEventId) }));
}

/** Rotates through the users so the 50 connections read 50+ different sessions. */
function rotation(users: BenchUser[]) {
  let next = 0;
  return () => users[next++ % users.length]!;
}

/**
 * Each connection is one employee's phone: its own session cookie on every request it sends, as a
 * browser's keep-alive connection does. The request is built once per connection; rebuilding it
 * for every request (a cookie per request) cost the load generator ~26 µs of CPU per request
 * against ~17 µs, on the same two cores as the server (docs/decisions/027).
 */
export async function measureSession(server: ServerProcess, seed: SeedInfo): Promise<LoadFigures> {
  return measureLoad(() => {
    const nextUser = rotation(seed.largest.employees);
    return {
      url: `${server.url}/api/auth/me`,
      setupClient: (client) => client.setHeaders({ cookie: cookieOf(nextUser()) }),
    };
  });
}

/**
 * The API requests an employee's Panel Principal makes on its first render, from the list the
 * server preloads for it (apps/api/src/plugins/spa.ts, checked against the page by
 * e2e/overview-preload.spec.ts), without the session itself (the session row measures that).
 * Each connection loads whole dashboards, one employee per load, the requests in sequence.
 */
export function dashboardPaths(now: Date): string[] {
  return overviewRequests('Empleado', now).filter((path) => path !== '/api/auth/me');
}

function dashboardOptions(server: ServerProcess, seed: SeedInfo, now: Date) {
  const nextUser = rotation(seed.largest.employees);
  const requests: Request[] = dashboardPaths(now).map((path, index) => ({
    method: 'GET',
    path,
    setupRequest: (request, context) => {
      if (index === 0) context.cookie = cookieOf(nextUser());
      return { ...request, headers: { cookie: context.cookie as string } };
    },
  }));
  return { url: server.url, requests };
}

/**
 * Whole dashboards over and over, each connection one employee's phone (its own cookie, its requests
 * built once, as measureSession); the 50 employees' first visits were made by firstDashboards.
 */
export async function measureDashboard(server: ServerProcess, seed: SeedInfo, now: Date): Promise<LoadFigures> {
  return measureLoad(() => {
    const nextUser = rotation(seed.largest.employees);
    const paths = dashboardPaths(now);
    return {
      url: server.url,
      setupClient: (client) => {
        const headers = { cookie: cookieOf(nextUser()) };
        client.setRequests(paths.map((path) => ({ method: 'GET', path, headers })));
      },
    };
  });
}

/**
 * Every employee's dashboard once, 50 at a time: the first visit of the day, which computes the
 * answers the SQLite server then keeps (docs/decisions/024). The row measures the visits after it;
 * this pass's rate is reported beside it.
 */
export async function firstDashboards(server: ServerProcess, seed: SeedInfo, now: Date): Promise<LoadFigures> {
  const result = await autocannon({ connections: 50, pipelining: 1, ...dashboardOptions(server, seed, now), amount: seed.largest.employees.length * dashboardPaths(now).length });
  // A run of a fixed amount can be shorter than autocannon's one-second samples.
  return { ...loadFigures(result), rps: result.requests.total / result.duration };
}

/**
 * Clock-in then clock-out, each connection taking a free employee from a shared pool for the pair
 * and giving it back after the clock-out, so no employee ever has two timers (the product would
 * answer 409) and the run spreads over all 500.
 */
export function clockCycleOptions(server: ServerProcess, seed: SeedInfo, extra: Partial<Options> = {}): Options {
  const free = [...seed.largest.employees];
  const body = clockInBody(seed.largest.shiftEventId);
  const stopBody = JSON.stringify({ location: { lat: 40.41678, lng: -3.70379, accuracy: 12.5 } });
  return {
    url: server.url,
    ...extra,
    requests: [
      {
        method: 'POST',
        path: '/api/time-records/start',
        setupRequest: (request, context) => {
          const user = free.shift()!;
          context.user = user;
          return { ...request, headers: { ...json, cookie: cookieOf(user) }, body };
        },
        onResponse: (status, responseBody, context) => {
          if (status === 201) context.recordId = (JSON.parse(responseBody) as { id: string }).id;
        },
      },
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const user = context.user as BenchUser;
          if (!context.recordId) {
            free.push(user);
            return null;
          }
          return { ...request, path: `/api/time-records/${context.recordId as string}/stop`, headers: { ...json, cookie: cookieOf(user) }, body: stopBody };
        },
        onResponse: (_status, _body, context) => {
          free.push(context.user as BenchUser);
        },
      },
    ],
  };
}

/**
 * `cleanup` closes the timers a run leaves open through its API: the product server (the default,
 * `server` itself) or, for a bound that serves only the clock-in and clock-out, the product server
 * on the same database.
 */
export async function measureClockCycle(server: ServerProcess, seed: SeedInfo, extra: Partial<Options> = {}, cleanup: ServerProcess = server): Promise<LoadFigures> {
  return measureLoad(() => clockCycleOptions(server, seed, extra), { afterEach: () => stopOpenTimers(cleanup, seed) });
}

/** A run ends between a clock-in and its clock-out: close those timers so the next run starts clean. */
export async function stopOpenTimers(server: ServerProcess, seed: SeedInfo): Promise<void> {
  const stopBody = JSON.stringify({ location: { lat: 40.41678, lng: -3.70379, accuracy: 12.5 } });
  // Clock-ins autocannon sent just before it stopped may still be in the server's queue.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await Promise.all(
    seed.largest.employees.map(async (user) => {
      const headers = { ...json, cookie: cookieOf(user) };
      const active = (await (await fetch(`${server.url}/api/time-records/active`, { headers })).json()) as { record: { id: string } | null };
      if (active.record) await fetch(`${server.url}/api/time-records/${active.record.id}/stop`, { method: 'POST', headers, body: stopBody });
    }),
  );
}

export interface ExportFigures {
  /** Median wall time of one export, request to last byte. */
  medianMs: number;
  bytes: number;
  /** Peak server RSS during the exports minus its RSS just before. */
  rssGrowth: number;
}

export async function fetchExport(server: ServerProcess, seed: SeedInfo): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/export?month=${seed.exportMonth}`, { headers: { cookie: cookieOf(seed.largest.supervisor) } });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`export answered ${response.status}: ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
  return { ms: performance.now() - started, bytes: body.byteLength };
}

/**
 * The payroll sheet of the export month for the largest company (500 employees × 31 days), as
 * 'Pagos' asks for it: every record split by concept, overtime with the year before the month, the
 * amounts. Median of `runs` after a warm-up.
 */
export async function measurePayroll(server: ServerProcess, seed: SeedInfo, runs = 7): Promise<{ medianMs: number; bytes: number; lines: number; yearlyOvertimeMinutes: number }> {
  const fetchSheet = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/payroll?month=${seed.exportMonth}`, { headers: { cookie: cookieOf(seed.largest.supervisor) } });
    const body = await response.text();
    if (!response.ok) throw new Error(`payroll answered ${response.status}: ${body.slice(0, 300)}`);
    return { ms: performance.now() - started, body };
  };
  const first = await fetchSheet(); // warm-up
  const sheet = JSON.parse(first.body) as { lines: unknown[]; closed: boolean; totals: { yearlyOvertimeMinutes: number } };
  if (sheet.closed || sheet.lines.length !== seed.largest.employees.length) throw new Error(`payroll: expected an open sheet of ${seed.largest.employees.length} lines, got ${sheet.lines.length}`);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push((await fetchSheet()).ms);
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]!, bytes: first.body.length, lines: sheet.lines.length, yearlyOvertimeMinutes: sheet.totals.yearlyOvertimeMinutes };
}

/**
 * The roster ('Cuadrante', decision 045) of the export month for the largest company (500 employees
 * × 31 days): every person's events, vacations and conflicts. Median of `runs` after a warm-up.
 */
export async function measureRoster(server: ServerProcess, seed: SeedInfo, runs = 7): Promise<{ medianMs: number; bytes: number; employees: number; shifts: number }> {
  const [year, month] = seed.exportMonth.split('-').map(Number) as [number, number];
  const to = `${seed.exportMonth}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
  const fetchRoster = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/roster?from=${seed.exportMonth}-01&to=${to}`, { headers: { cookie: cookieOf(seed.largest.supervisor) } });
    const body = await response.text();
    if (!response.ok) throw new Error(`roster answered ${response.status}: ${body.slice(0, 300)}`);
    return { ms: performance.now() - started, body };
  };
  const first = await fetchRoster(); // warm-up
  const roster = JSON.parse(first.body) as { employees: { cells: { shifts: unknown[] }[] }[] };
  if (roster.employees.length < seed.largest.employees.length) throw new Error(`roster: expected ${seed.largest.employees.length} rows, got ${roster.employees.length}`);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push((await fetchRoster()).ms);
  times.sort((a, b) => a - b);
  const shifts = roster.employees.reduce((sum, person) => sum + person.cells.reduce((cells, cell) => cells + cell.shifts.length, 0), 0);
  return { medianMs: times[Math.floor(times.length / 2)]!, bytes: first.body.length, employees: roster.employees.length, shifts };
}

export async function measureExport(server: ServerProcess, seed: SeedInfo, runs = 7): Promise<ExportFigures> {
  await fetchExport(server, seed); // warm-up
  global.gc?.();
  const before = server.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 5);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i += 1) {
    const result = await fetchExport(server, seed);
    times.push(result.ms);
    bytes = result.bytes;
  }
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]!, bytes, rssGrowth: peak - before };
}

/**
 * Runs exports back to back, from a process of its own (bench/export-loop.mjs), until `stop`
 * resolves; returns how many completed.
 */
export async function exportLoop(server: ServerProcess, seed: SeedInfo, stop: Promise<unknown>): Promise<number> {
  const script = fileURLToPath(new URL('../export-loop.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, `${server.url}/api/export?month=${seed.exportMonth}`, cookieOf(seed.largest.supervisor)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await Promise.race([stop, exited]);
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`the export loop exited with ${code}`);
  return Number(output.trim());
}
