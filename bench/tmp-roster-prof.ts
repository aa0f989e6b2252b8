// Temporary: seeds the bench data into a SQLite file (once) and times GET /api/roster with a CPU profile.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { seedBenchData } from './lib/seed';
import { productServerEnv, productionNodeFlags, startServer } from './lib/processes';
import { measureRoster } from './lib/http-rows';
import { writeFileSync, readFileSync } from 'node:fs';

const file = '/work/prof/roster.db';
const infoFile = '/work/prof/seed.json';
if (!existsSync(infoFile)) {
  const seed = await seedBenchData(`sqlite:${file}`, new Date());
  writeFileSync(infoFile, JSON.stringify(seed));
}
const seed = JSON.parse(readFileSync(infoFile, 'utf8'));
const build = process.argv[2] ?? '.builds/new';
const flags = [...productionNodeFlags('package.json'), ...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/work/prof'] : [])];
const server = await startServer(join(build, 'api', 'server.js'), productServerEnv(`sqlite:${file}`), '/work/prof/server.log', '/api/health', flags);
try {
  const roster = await measureRoster(server, seed, 7);
  console.log(JSON.stringify(roster));
} finally {
  await server.stop();
}
