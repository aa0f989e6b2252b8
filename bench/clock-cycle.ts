/**
 * The clock-cycle row alone, with what explains it: a diagnostic for the row `npm run bench` misses
 * (docs/performance.md, "Why clock-cycle misses"). Seeds the bench's data set into a temp folder,
 * starts the given build and the bare Fastify bounds, and runs rounds of POST echo then clock-cycle
 * (the bench's own request options), printing for each round the ratio, the latency percentiles,
 * and the CPU the server and the load generator spent per request.
 *
 *   scripts/build-isolated.sh me && npx tsx bench/clock-cycle.ts --build-dir .builds/me
 *   … --rounds 5            rounds of echo + clock-cycle (default 3)
 *   … --statements          also time every SQLite statement in the server (its own overhead
 *                           included, so the row itself runs slower) and print the 40 dearest
 *   … --cpu-prof            write the server's CPU profile (node --cpu-prof) into the temp folder
 *
 * BENCH_DURATION / BENCH_WARMUP set the windows as for `npm run bench`. Writes no results.json.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { clockCycleOptions, measureEcho, stopOpenTimers } from './lib/http-rows';
import { DURATION_S } from './lib/load';
import { productServerEnv, productionNodeFlags, startServer, type ServerProcess } from './lib/processes';
import { seedBenchData } from './lib/seed';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    'build-dir': { type: 'string' },
    rounds: { type: 'string', default: '3' },
    statements: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
if (!args['build-dir']) throw new Error('--build-dir is required (a folder made by scripts/build-isolated.sh)');
const serverScript = join(resolve(root, args['build-dir']), 'api', 'server.js');
if (!existsSync(serverScript)) throw new Error(`no api/server.js in ${args['build-dir']}`);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);

/** User + system CPU of a process so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const workDir = mkdtempSync(join(tmpdir(), 'jornada-clock-cycle-'));
const statementsFile = join(workDir, 'statements.txt');
let server: ServerProcess | undefined;
let baseline: ServerProcess | undefined;
try {
  const databaseUrl = `sqlite:${join(workDir, 'bench.db')}`;
  console.log('seeding …');
  const seed = await seedBenchData(databaseUrl);
  const nodeFlags = [...productionNodeFlags(join(root, 'package.json'))];
  if (args.statements) nodeFlags.push('--import', join(root, 'bench', 'lib', 'statement-timer.mjs'));
  if (args['cpu-prof']) nodeFlags.push('--cpu-prof', `--cpu-prof-dir=${workDir}`);
  baseline = await startServer(join(root, 'bench', 'baseline-server.mjs'), {}, join(workDir, 'baseline.log'), '/hello');
  server = await startServer(
    serverScript,
    productServerEnv(databaseUrl, { BENCH_STATEMENTS_FILE: statementsFile }),
    join(workDir, 'server.log'),
    '/api/health',
    nodeFlags,
  );
  for (let round = 1; round <= Number(args.rounds); round += 1) {
    const echo = await measureEcho(baseline, seed);
    await autocannon({ connections: 50, pipelining: 1, ...clockCycleOptions(server, seed), duration: WARMUP_S });
    await stopOpenTimers(server, seed);
    const serverBefore = cpuMs(server.pid);
    const loadBefore = process.cpuUsage();
    const result = await autocannon({ connections: 50, pipelining: 1, ...clockCycleOptions(server, seed), duration: DURATION_S });
    const serverUs = ((cpuMs(server.pid) - serverBefore) * 1000) / result.requests.total;
    const load = process.cpuUsage(loadBefore);
    const loadUs = (load.user + load.system) / result.requests.total;
    await stopOpenTimers(server, seed);
    const latency = result.latency;
    console.log(
      `round ${round}: clock-cycle ${result.requests.average.toFixed(0)} req/s, echo ${echo.rps.toFixed(0)} req/s, ratio ${(result.requests.average / echo.rps).toFixed(3)}; ` +
        `latency p50 ${latency.p50} p90 ${latency.p90} p97.5 ${latency.p97_5} p99 ${latency.p99} max ${latency.max} ms; ` +
        `CPU per request: server ${serverUs.toFixed(0)} µs, load generator ${loadUs.toFixed(0)} µs; errors ${result.errors + result.timeouts}, non-2xx ${result.non2xx}`,
    );
  }
} finally {
  await server?.stop();
  await baseline?.stop();
}
if (args.statements) console.log(`\nSQLite statements in the server (all rounds and warm-ups):\n${readFileSync(statementsFile, 'utf8')}`);
if (args['cpu-prof']) console.log(`CPU profile in ${workDir}`);
else rmSync(workDir, { recursive: true, force: true });
