// Preloaded into the server by `bench/clock-cycle.ts --statements` (node --import): times every
// better-sqlite3 statement the server runs, by SQL text, and writes the totals to the file named by
// BENCH_STATEMENTS_FILE when the server exits. A diagnostic, never loaded by `npm run bench` or in
// production.
import { writeFileSync } from 'node:fs';
// The same module instance the server loads: both resolve to the repo's node_modules.
import Database from 'better-sqlite3';

const output = process.env.BENCH_STATEMENTS_FILE;
const totals = new Map();
const record = (key, started) => {
  const elapsed = process.hrtime.bigint() - started;
  let total = totals.get(key);
  if (!total) totals.set(key, (total = { count: 0, ns: 0n }));
  total.count += 1;
  total.ns += elapsed;
};
const label = (method, sql) => `${method} ${String(sql).replace(/\s+/g, ' ').slice(0, 140)}`;

const probe = new Database(':memory:');
const statementPrototype = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
for (const method of ['run', 'get', 'all']) {
  const original = statementPrototype[method];
  statementPrototype[method] = function timed(...args) {
    const started = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      record(label(method, this.source), started);
    }
  };
}
for (const method of ['exec', 'prepare', 'pragma']) {
  const original = Database.prototype[method];
  Database.prototype[method] = function timed(sql, ...args) {
    const started = process.hrtime.bigint();
    try {
      return original.call(this, sql, ...args);
    } finally {
      record(label(method, sql), started);
    }
  };
}

function write() {
  if (!output) return;
  const rows = [...totals]
    .sort((a, b) => Number(b[1].ns - a[1].ns))
    .slice(0, 40)
    .map(([key, { count, ns }]) => `${String(count).padStart(8)} ${(Number(ns) / count / 1000).toFixed(1).padStart(8)} µs ${(Number(ns) / 1e6).toFixed(0).padStart(7)} ms  ${key}`);
  writeFileSync(output, `   count  per call    total  statement\n${rows.join('\n')}\n`);
}
process.once('exit', write);
