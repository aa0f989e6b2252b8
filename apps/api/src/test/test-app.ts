import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { prepareDatabase } from '../db/prepare';
import type { DB } from '../db/schema';
import { createTestDatabase } from './test-database';
import { createFactories, type Factories } from './factories';

/** A clock tests can move: sessions, status and months all read time from it. */
export interface TestClock {
  (): Date;
  set: (instant: Date | string) => void;
  advance: (ms: number) => void;
}

export function createTestClock(start: Date | string = '2026-11-21T10:00:00.000Z'): TestClock {
  let now = new Date(start).getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.set = (instant) => {
    now = new Date(instant).getTime();
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<DB>;
  database: Database;
  clock: TestClock;
  factories: Factories;
  /** app.inject with the CSRF header set, as the web client sends it. */
  request: (options: InjectOptions & { cookie?: string }) => Promise<LightMyRequestResponse>;
  /** Signs in and returns the Cookie header value for later requests. */
  login: (username: string, password: string) => Promise<string>;
  close: () => Promise<void>;
}

export async function createTestContext(
  options: { clock?: TestClock; beforeReady?: (app: FastifyInstance) => void; trace?: (sql: string) => void; env?: Record<string, string> } = {},
): Promise<TestContext> {
  const database = await createTestDatabase({ trace: options.trace });
  const clock = options.clock ?? createTestClock();
  await prepareDatabase(database.db, clock());
  // The tests' push services: the local one push.test.ts starts, and the security world's made-up host.
  // TWO_FACTOR_ADMIN_REQUIRED off: the tests sign in as the Administrador with a password; two-factor.test.ts turns it on.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUSH_SERVICE_HOSTS: 'localhost,127.0.0.1,push.example.test', TWO_FACTOR_ADMIN_REQUIRED: 'false', ...options.env });
  const app = await buildApp({ config, database, clock, webDistDir: '/nonexistent' });
  options.beforeReady?.(app);
  await app.ready();

  const request: TestContext['request'] = ({ cookie, headers, ...rest }) =>
    app.inject({ ...rest, headers: { 'x-requested-with': 'jornada', ...(cookie ? { cookie } : {}), ...headers } });

  const login = async (username: string, password: string) => {
    const response = await request({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (response.statusCode !== 200) throw new Error(`login failed for ${username}: ${response.statusCode} ${response.body}`);
    const cookie = response.cookies.find((c) => c.name === 'jornada_session');
    if (!cookie) throw new Error('no session cookie');
    return `jornada_session=${cookie.value}`;
  };

  return {
    app,
    db: database.db,
    database,
    clock,
    factories: createFactories(database.db, clock),
    request,
    login,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
