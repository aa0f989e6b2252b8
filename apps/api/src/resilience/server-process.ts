import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultRoleIds } from '@jornada/shared/permissions';

/*
 * Test support for the process-level suites (crash safety, two servers on one PostgreSQL): the real
 * server bundle started as a child process, and a keep-alive HTTP client that speaks to it as the web
 * app does (CSRF header, JSON bodies, the session cookie). Not part of the server bundle.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const sourceDirs = ['apps/api/src', 'packages/shared/src'].map((dir) => join(repoRoot, dir));

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The server bundle to run: SERVER_BUNDLE if set; else apps/api/dist/server.js when it is newer than
 * every source file (CI builds it just before); else a fresh API-only build in .builds/resilience, so a
 * stale or missing shared build is never tested and never overwritten.
 */
export function serverBundle(): string {
  if (process.env.SERVER_BUNDLE) return resolve(process.env.SERVER_BUNDLE);
  const dist = join(repoRoot, 'apps/api/dist/server.js');
  const sourcesChanged = Math.max(...sourceDirs.map(newestSourceMtime));
  if (existsSync(dist) && statSync(dist).mtimeMs >= sourcesChanged) return dist;
  const outDir = join(repoRoot, '.builds/resilience/api');
  const built = join(outDir, 'server.js');
  if (existsSync(built) && statSync(built).mtimeMs >= sourcesChanged) return built;
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(repoRoot, 'apps/api'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the server bundle did not build');
  return built;
}

/** A free TCP port on 127.0.0.1, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A password the product accepts (8+ characters, an uppercase letter, a special character), new every run. */
export function generatedPassword(): string {
  return `Aa!${randomBytes(15).toString('base64url')}`;
}

export interface ServerProcess {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** The last lines the process printed, for failure messages. */
  output: () => string;
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown hook, no flush; resolves when the process is gone. */
  kill: () => Promise<void>;
  /** SIGTERM and wait (graceful close). */
  stop: () => Promise<void>;
}

export interface StartOptions {
  bundle: string;
  port: number;
  databaseUrl: string;
  adminPassword: string;
  env?: Record<string, string>;
}

/** Spawns `node <bundle>` in production mode, without waiting for it to serve. */
export function spawnServer(options: StartOptions): ServerProcess {
  const child = spawn(process.execPath, [options.bundle], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      // These servers are signed into by the admin with a password only (decision 055).
      TWO_FACTOR_ADMIN_REQUIRED: 'false',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: options.adminPassword,
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(repoRoot, '.builds/resilience/no-web'),
      // The registro chain's key the test process verifies with (decision 031): servers of one
      // deployment share it, and so do these and the test.
      ...(process.env.REGISTRO_CHAIN_KEY ? { REGISTRO_CHAIN_KEY: process.env.REGISTRO_CHAIN_KEY } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  return {
    port: options.port,
    baseUrl,
    child,
    output: () => output,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until GET /api/health answers 200 (the database is open and migrated), or fails on exit/timeout. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  let gone = false;
  void server.exited.then(() => (gone = true));
  const client = new HttpClient(server.baseUrl, { keepAlive: false });
  try {
    while (Date.now() - started < timeoutMs) {
      if (gone) throw new Error(`the server exited before serving:\n${server.output()}`);
      try {
        const answer = await client.request('GET', '/api/health');
        if (answer.status === 200) return Date.now() - started;
      } catch {
        // Not listening yet.
      }
      await new Promise((wake) => setTimeout(wake, 40));
    }
  } finally {
    client.close();
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${server.output()}`);
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const server = spawnServer(options);
  try {
    await waitForHealth(server);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

export interface HttpAnswer {
  status: number;
  body: unknown;
  setCookie: string[];
}

/**
 * A keep-alive HTTP/1.1 client, as a browser holds its connection. An answer counts only when the
 * whole body arrived; a reset or refused connection rejects.
 */
export class HttpClient {
  private readonly agent: Agent;

  constructor(
    private readonly baseUrl: string,
    options: { keepAlive?: boolean; maxSockets?: number } = {},
  ) {
    this.agent = new Agent({ keepAlive: options.keepAlive ?? true, maxSockets: options.maxSockets ?? 8 });
  }

  request(method: string, path: string, options: { cookie?: string; body?: unknown; timeoutMs?: number } = {}): Promise<HttpAnswer> {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: Record<string, string> = { 'x-requested-with': 'jornada', accept: 'application/json' };
    if (options.cookie) headers.cookie = options.cookie;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    return new Promise((resolveAnswer, reject) => {
      const outgoing = httpRequest(`${this.baseUrl}${path}`, { method, headers, agent: this.agent, timeout: options.timeoutMs ?? 15_000 }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('aborted', () => reject(new Error('response aborted')));
        incoming.on('end', () => {
          if (!incoming.complete) return reject(new Error('response cut short'));
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // Not JSON: keep the text.
          }
          const setCookie = incoming.headers['set-cookie'] ?? [];
          resolveAnswer({ status: incoming.statusCode ?? 0, body, setCookie });
        });
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error('request timed out')));
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Signs in through the API and returns the Cookie header value. */
export async function signIn(client: HttpClient, username: string, password: string): Promise<string> {
  const answer = await client.request('POST', '/api/auth/login', { body: { username, password } });
  if (answer.status !== 200) throw new Error(`login of ${username} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const cookie = answer.setCookie.map((line) => line.split(';')[0]!).find((pair) => pair.startsWith('jornada_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** Sends a request that must succeed with `expected`; returns the body. */
export async function expectStatus<T>(client: HttpClient, expected: number, method: string, path: string, options: { cookie?: string; body?: unknown } = {}): Promise<T> {
  const answer = await client.request(method, path, options);
  if (answer.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

export interface SeededUser {
  id: string;
  username: string;
  password: string;
}

export interface SeededCompany {
  companyId: string;
  eventId: string;
  supervisor: SeededUser;
  employees: SeededUser[];
}

/**
 * Through the real API, as the administrator: a company, a supervisor, `employees` Empleado users with
 * generated passwords, and an event under way now (started 30 minutes ago, ends in `hours`) with all
 * of them assigned.
 */
export async function seedCompany(client: HttpClient, adminCookie: string, options: { employees: number; prefix: string; hours?: number }): Promise<SeededCompany> {
  const company = await expectStatus<{ id: string }>(client, 201, 'POST', '/api/companies', { cookie: adminCookie, body: { name: `Empresa ${options.prefix}` } });
  const createUser = async (role: 'Supervisor' | 'Empleado', username: string): Promise<SeededUser> => {
    const password = generatedPassword();
    const user = await expectStatus<{ id: string }>(client, 201, 'POST', '/api/users', {
      cookie: adminCookie,
      body: { name: `Persona ${username}`, username, password, roleId: defaultRoleIds[role], companyId: company.id },
    });
    return { id: user.id, username, password };
  };
  const supervisor = await createUser('Supervisor', `${options.prefix}-sup`);
  const employees: SeededUser[] = [];
  for (let index = 0; index < options.employees; index += 1) employees.push(await createUser('Empleado', `${options.prefix}-emp${index}`));
  const now = Date.now();
  const created = await expectStatus<{ items: { id: string }[] }>(client, 201, 'POST', '/api/events', {
    cookie: adminCookie,
    body: {
      name: `Turno ${options.prefix}`,
      location: 'Recinto Ferial',
      date: new Date(now - 30 * 60_000).toISOString(),
      endDate: new Date(now + (options.hours ?? 3) * 3_600_000).toISOString(),
      assignedEmployees: employees.map((employee) => employee.id),
      companyId: company.id,
    },
  });
  return { companyId: company.id, eventId: created.items[0]!.id, supervisor, employees };
}

/** A browser's geolocation fix, as the clock-in panel sends it. */
export const someLocation = { lat: 40.4168, lng: -3.7038, accuracy: 12 };
