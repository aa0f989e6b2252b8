import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { generatePassword } from '../../apps/api/src/lib/passwords';

/** A free TCP port on 127.0.0.1 (asked from the OS, then released for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident set size of the process, from /proc (Linux), in bytes. */
  rss(): number;
  stop(): Promise<void>;
}

/**
 * The Node flags `npm start` runs the server with (the root package.json's start script), so the
 * bench measures the server as it is deployed.
 */
export function productionNodeFlags(packageJsonPath: string): string[] {
  const start = (JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { scripts: { start: string } }).scripts.start;
  const match = /\bnode((?:\s+--\S+)*)\s+\S*server\.js/.exec(start);
  if (!match) throw new Error(`the start script does not run node …server.js: ${start}`);
  return match[1]!.trim().split(/\s+/).filter(Boolean);
}

/**
 * The environment the product server runs with in the benches: production mode on `databaseUrl`,
 * plain-HTTP cookies, a throwaway administrator password, request logs on (as deployed).
 */
export function productServerEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    // The bench signs in as its admin with a password only (decision 055).
    TWO_FACTOR_ADMIN_REQUIRED: 'false',
    COOKIE_SECURE: 'false',
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_PASSWORD: generatePassword(),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    ...extra,
  };
}

/** Starts `node [nodeFlags] script` with PORT set, logs to `logFile`, and waits until `readyPath` answers 200. */
export async function startServer(script: string, env: Record<string, string>, logFile: string, readyPath: string, nodeFlags: string[] = [], pollMs = 100): Promise<ServerProcess> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let alive = true;
  void exited.then(() => (alive = false));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!alive) throw new Error(`${script} exited before answering; see ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    try {
      const response = await fetch(url + readyPath);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${script} did not answer ${readyPath} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    rss() {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) * 1024 : 0;
    },
    async stop() {
      if (!alive) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
