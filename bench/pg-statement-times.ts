/**
 * Where the employee dashboard's PostgreSQL time goes on an existing bench database (one kept by
 * `BENCH_KEEP=1 npm run bench -- --scale …`): the product server runs against it, the dashboard
 * load of the growth curves runs `--rounds` times, and after each round pg_stat_statements gives,
 * per statement, its calls, mean execution time and the buffers it touched per call. Run it on the
 * 1× and the 4× database to see which statement, if any, grows with the history. `--registro` times
 * the largest company's registro month as CSV instead, `--get PATH` any GET of its supervisor (40
 * times a round).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/jornada_growth_… \
 *     npx tsx bench/pg-statement-times.ts --build-dir .builds/bench [--rounds 3]
 *
 * Needs `shared_preload_libraries = 'pg_stat_statements'` on the PostgreSQL server (a restart), and
 * the REGISTRO_CHAIN_KEY the growth run printed beside the kept database (the server refuses a
 * chain sealed with another key).
 * Adds a session for each of the largest company's employees and deletes them after; writes no
 * results.json.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { firstDashboards, measureDashboard } from './lib/http-rows';
import { productServerEnv, productionNodeFlags, startServer } from './lib/processes';
import { latest31DayMonth, type BenchUser, type SeedInfo } from './lib/seed';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { 'build-dir': { type: 'string' }, rounds: { type: 'string', default: '3' }, registro: { type: 'boolean', default: false }, get: { type: 'string' } } });
const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must name a seeded PostgreSQL database');
if (!args['build-dir']) throw new Error('--build-dir is required (a folder made by scripts/build-isolated.sh)');
const script = join(resolve(root, args['build-dir']), 'api', 'server.js');
if (!existsSync(script)) throw new Error(`no api/server.js in ${args['build-dir']}`);

const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query('create extension if not exists pg_stat_statements');
const { rows: largest } = await client.query<{ company_id: string }>(
  `select company_id from users where role_id = $1 and company_id is not null group by company_id order by count(*) desc limit 1`,
  [defaultRoleIds.Empleado],
);
const companyId = largest[0]!.company_id;
const { rows: people } = await client.query<{ id: string; name: string; username: string }>(
  'select id, name, username from users where company_id = $1 and role_id = $2 order by username',
  [companyId, defaultRoleIds.Empleado],
);
const { rows: supervisors } = await client.query<{ id: string; name: string; username: string }>(
  'select id, name, username from users where company_id = $1 and role_id = $2 order by username limit 1',
  [companyId, defaultRoleIds.Supervisor],
);
const employees: BenchUser[] = [...supervisors, ...people].map((person) => ({ ...person, token: randomBytes(32).toString('base64url') }));
const hashes = employees.map((employee) => createHash('sha256').update(employee.token).digest('hex'));
const now = new Date();
for (const [index, employee] of employees.entries()) {
  await client.query(`insert into sessions (id, user_id, created_at, last_seen_at, expires_at, ip, user_agent) values ($1, $2, $3, $3, $4, '127.0.0.1', 'jornada-bench')`, [
    hashes[index],
    employee.id,
    now.toISOString(),
    new Date(now.getTime() + 86_400_000).toISOString(),
  ]);
}
const supervisor = employees.shift()!;
const seed = { largest: { companyId, employees } } as unknown as SeedInfo;
const { rows: counts } = await client.query<{ records: string }>('select count(*) as records from time_records');
console.log(`${url.replace(/.*\//, '')}: ${counts[0]!.records} time records; largest company ${employees.length} employees`);

const server = await startServer(script, productServerEnv(url), join(mkdtempSync(join(tmpdir(), 'jornada-pg-times-')), 'server.log'), '/api/health', productionNodeFlags(join(root, 'package.json')));
try {
  const supervisorPath = args.get ?? (args.registro ? `/api/registro/company/download?month=${latest31DayMonth(now)}&format=csv` : undefined);
  const supervisorGet = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}${supervisorPath}`, { headers: { cookie: `jornada_session=${supervisor.token}` } });
    const body = await response.text();
    if (!response.ok) throw new Error(`${supervisorPath} answered ${response.status}: ${body.slice(0, 300)}`);
    return performance.now() - started;
  };
  /** The supervisor's GET, once (the registro month) or 40 times: the median time, as a p99 stand-in. */
  const supervisorRound = async () => {
    const times: number[] = [];
    for (let index = 0; index < (args.get ? 40 : 1); index += 1) times.push(await supervisorGet());
    times.sort((a, b) => a - b);
    return { rps: 0, p50: times[Math.floor(times.length / 2)]!, p99: times[Math.floor(times.length / 2)]!, requests: times.length };
  };
  if (supervisorPath) await supervisorGet();
  else await firstDashboards(server, seed, now);
  for (let round = 1; round <= Number(args.rounds); round += 1) {
    await client.query('select pg_stat_statements_reset()');
    const load = supervisorPath ? await supervisorRound() : await measureDashboard(server, seed, now);
    const { rows } = await client.query<{ calls: string; mean: number; total: number; hit: string; read: string; rows: string; query: string }>(
      `select calls, mean_exec_time as mean, total_exec_time as total, shared_blks_hit as hit, shared_blks_read as read, rows, query
         from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) and calls >= $1
         order by total_exec_time desc limit 15`,
      [supervisorPath ? 1 : 100],
    );
    const dbMs = rows.reduce((sum, row) => sum + row.total, 0);
    const timing = supervisorPath ? `${supervisorPath}: median ${load.p50.toFixed(1)} ms` : `${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms`;
    console.log(`\nround ${round}: ${timing}, ${load.requests} requests; execution time in PostgreSQL ${(dbMs / load.requests).toFixed(3)} ms per request`);
    for (const row of rows) {
      const calls = Number(row.calls);
      console.log(
        `  ${String(calls).padStart(7)} calls ${row.mean.toFixed(3).padStart(7)} ms  hit ${(Number(row.hit) / calls).toFixed(1).padStart(6)} read ${(Number(row.read) / calls).toFixed(2).padStart(5)} rows ${(Number(row.rows) / calls).toFixed(1).padStart(5)}  ${row.query.replace(/\s+/g, ' ').slice(0, 160)}`,
      );
    }
  }
} finally {
  await server.stop();
  await client.query('delete from sessions where id = any($1)', [hashes]);
  await client.end();
}
