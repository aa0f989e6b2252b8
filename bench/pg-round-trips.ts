/**
 * The statements a server sends to PostgreSQL for each request of the session, dashboard and
 * clock-cycle rows, counted one request at a time: a diagnostic for where PostgreSQL time goes
 * (round trips per request), for the product and for its bound (bench/bound-server-postgres.mjs).
 * Seeds a fresh database beside DATABASE_URL (a small seed unless --full), starts the server with
 * bench/lib/pg-statement-log.mjs preloaded, sends each request twice (the second, warm, one is
 * listed) and prints every statement with its round-trip time. Writes no results.json.
 *
 *   scripts/build-isolated.sh me && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx tsx bench/pg-round-trips.ts --build-dir .builds/me [--bound] [--full] [--verify]
 *
 * --verify then runs the build's verify-registro on the database: with --bound, proof that the
 * bound's chain entries are sealed as the product seals them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { clockInBody, dashboardPaths } from './lib/http-rows';
import { boundServerEnv } from './lib/bounds';
import { productServerEnv, startServer, type ServerProcess } from './lib/processes';
import { seedBenchData } from './lib/seed';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { 'build-dir': { type: 'string' }, bound: { type: 'boolean', default: false }, verify: { type: 'boolean', default: false }, full: { type: 'boolean', default: false } } });
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl || !/^postgres(ql)?:\/\//.test(baseUrl)) throw new Error('DATABASE_URL must name a PostgreSQL server');

const name = `jornada_rt_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const workDir = mkdtempSync(join(tmpdir(), 'jornada-pg-rt-'));
const statements = join(workDir, 'statements.txt');
let server: ServerProcess | undefined;
try {
  const seed = await seedBenchData(url.toString(), new Date(), args.full ? {} : { companies: 3, largestEmployees: 20 });
  writeFileSync(statements, '');
  const env = { BENCH_PG_STATEMENTS_FILE: statements };
  const preload = ['--import', join(root, 'bench', 'lib', 'pg-statement-log.mjs')];
  if (args.bound) {
    server = await startServer(join(root, 'bench', 'bound-server-postgres.mjs'), { ...boundServerEnv(url.toString(), seed), ...env }, join(workDir, 'server.log'), '/health', preload);
  } else {
    if (!args['build-dir']) throw new Error('--build-dir is required for the product (a folder made by scripts/build-isolated.sh)');
    const script = join(resolve(root, args['build-dir']), 'api', 'server.js');
    if (!existsSync(script)) throw new Error(`no api/server.js in ${args['build-dir']}`);
    server = await startServer(script, { ...productServerEnv(url.toString()), ...env }, join(workDir, 'server.log'), '/api/health', preload);
  }
  const user = seed.largest.employees[0]!;
  const headers = { cookie: `jornada_session=${user.token}`, 'content-type': 'application/json', 'x-requested-with': 'jornada' };
  const lineCount = () => readFileSync(statements, 'utf8').split('\n').filter(Boolean);
  const send = async (method: string, path: string, body?: string) => {
    await new Promise((done) => setTimeout(done, 300)); // let background statements land first
    const before = lineCount().length;
    const response = await fetch(`${server!.url}${path}`, { method, headers: method === 'GET' ? { cookie: headers.cookie } : headers, body });
    const text = await response.text();
    await new Promise((done) => setTimeout(done, 100));
    const lines = lineCount().slice(before);
    return { status: response.status, bytes: text.length, text, lines };
  };
  const show = (label: string, result: { status: number; bytes: number; text: string; lines: string[] }) => {
    console.log(`\n## ${label}: ${result.status}, ${result.bytes} bytes, ${result.lines.length} statements`);
    if (process.env.BENCH_SHOW_BODIES) console.log(`  body: ${result.text.slice(0, 1500)}`);
    for (const line of result.lines) {
      const [, us, ...sql] = line.split(' ');
      console.log(`  ${us!.padStart(6)} µs  ${sql.join(' ').slice(0, process.env.BENCH_PG_STATEMENTS_VALUES ? undefined : 400)}`);
    }
  };
  const twice = async (label: string, method: string, path: string, body?: string) => {
    await send(method, path, body);
    show(label, await send(method, path, body));
  };
  await twice('GET /api/auth/me', 'GET', '/api/auth/me');
  for (const path of dashboardPaths(new Date())) await twice(`GET ${path}`, 'GET', path);
  for (let round = 0; round < 2; round += 1) {
    const start = await send('POST', '/api/time-records/start', clockInBody(seed.largest.shiftEventId));
    if (start.status !== 201) throw new Error(`clock-in answered ${start.status}: ${start.text}`);
    const id = (JSON.parse(start.text) as { id: string }).id;
    const stop = await send('POST', `/api/time-records/${id}/stop`, JSON.stringify({ location: { lat: 40.41678, lng: -3.70379, accuracy: 12.5 } }));
    if (round === 1) {
      show('POST /api/time-records/start', start);
      show(`POST /api/time-records/:id/stop`, stop);
    }
  }
  await server.stop();
  if (args.verify) {
    if (!args['build-dir']) throw new Error('--verify needs --build-dir (the build whose verify-registro runs)');
    const script = join(resolve(root, args['build-dir']), 'api', 'verify-registro.js');
    // The seed writes its history without chain entries: each seeded record is one 'problem'; the
    // entries the requests above appended must add none (problems = seeded records of the company).
    const verified = spawnSync(process.execPath, [script], { env: { ...process.env, DATABASE_URL: url.toString() }, encoding: 'utf8' });
    console.log(`\n## verify-registro (exit ${verified.status}; seeded records count as problems)\n${verified.stdout}${verified.stderr}`);
  }
} finally {
  await server?.stop();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  if (!process.env.BENCH_KEEP) rmSync(workDir, { recursive: true, force: true });
}
