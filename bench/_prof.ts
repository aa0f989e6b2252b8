// scratch: seed a DB for profiling; writes /tmp/bdb/seed.json
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { seedBenchData } from './lib/seed';
rmSync('/tmp/bdb', { recursive: true, force: true });
mkdirSync('/tmp/bdb', { recursive: true });
const seed = await seedBenchData('sqlite:/tmp/bdb/bench.db');
writeFileSync('/tmp/bdb/seed.json', JSON.stringify(seed));
console.log('ok');
