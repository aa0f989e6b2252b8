import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The server the benches run: BENCH_BUILD_DIR's (scripts/build-isolated.sh) or a fresh build into
 * .builds/bench/api (only the server: the benches never ask for the web app; never apps/api/dist).
 * Returns the path of server.js; the CLIs (purge-expired.js, …) sit beside it.
 */
export function buildServer(root: string): string {
  const given = process.env.BENCH_BUILD_DIR;
  if (given) {
    const script = join(resolve(root, given), 'api', 'server.js');
    if (!existsSync(script)) throw new Error(`BENCH_BUILD_DIR has no api/server.js: ${script} (build it with scripts/build-isolated.sh)`);
    return script;
  }
  const outDir = join(root, '.builds', 'bench', 'api');
  console.log(`building the server into ${outDir} …`);
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: join(root, 'apps', 'api'), stdio: 'inherit' });
  return join(outDir, 'server.js');
}
