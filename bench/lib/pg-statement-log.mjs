// Preloaded into a server (node --import) to list every statement it sends to PostgreSQL through
// `pg`, in order, one line each: `<ms since start> <round-trip µs> <sql>` appended to the file named
// by BENCH_PG_STATEMENTS_FILE. With requests sent one at a time, the lines between two requests are
// that request's round trips (bench/pg-round-trips.ts). A diagnostic, never loaded by `npm run bench`.
import { appendFileSync } from 'node:fs';
// The same module instance the server loads: both resolve to the repo's node_modules.
import pg from 'pg';

const output = process.env.BENCH_PG_STATEMENTS_FILE;
const started = performance.now();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function logged(config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  const name = typeof config === 'object' && config?.name ? `[${config.name}] ` : '';
  const at = performance.now();
  const result = original.call(this, config, values, callback);
  const write = () => {
    if (!output || text === undefined) return;
    const params = process.env.BENCH_PG_STATEMENTS_VALUES && (values ?? config?.values) ? ` -- ${JSON.stringify(values ?? config.values).slice(0, 600)}` : '';
    const line = `${(at - started).toFixed(1)} ${Math.round((performance.now() - at) * 1000)} ${name}${String(text).replace(/\s+/g, ' ')}${params}\n`;
    appendFileSync(output, line);
  };
  if (result && typeof result.then === 'function') result.then(write, write);
  else write();
  return result;
};
