import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { prepareDatabase } from '../../db/prepare';
import { seedDemo, type DemoSeed } from '../../demo/demo';
import { verifyRegistro } from '../../ledgers/registro-chain/registro-verify';
import { createTestClock } from '../../test/test-app';

/*
 * Issue 28, item 1 (docs/decisions/049): on PostgreSQL a backup is pg_dump's, as the README says:
 * `pg_dump -Fc` of a database with the demo company (time records sealed in the registro chain,
 * signatures in `files`), `pg_restore` into a fresh database, and the app started on that one: the
 * chain verifies and people sign in. Runs when TEST_DATABASE_URL is a PostgreSQL server.
 */

const run = promisify(execFile);
const pgBase = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '') ? (process.env.TEST_DATABASE_URL as string) : undefined;
const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
const names = { source: `jornada_dump_src_${suffix}`, restored: `jornada_dump_dst_${suffix}` };
const dir = mkdtempSync(join(tmpdir(), 'jornada-pgdump-'));
const clock = createTestClock('2026-11-26T10:00:00Z');

function urlOf(name: string): string {
  const url = new URL(pgBase as string);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgBase });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (!pgBase) return;
  for (const name of Object.values(names)) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe.runIf(pgBase)('PostgreSQL: pg_dump -Fc, pg_restore into a fresh database, the app on it', () => {
  it('restores a dump into a working app: the registro chain verifies and people sign in', async () => {
    await admin(`CREATE DATABASE ${names.source}`);
    const source = openDatabase(urlOf(names.source));
    let demo: DemoSeed;
    let timeRecords: number;
    try {
      await prepareDatabase(source.db, clock());
      demo = (await seedDemo(source.db, clock())) as DemoSeed;
      timeRecords = Number((await source.db.selectFrom('time_records').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      expect(timeRecords).toBeGreaterThan(0);
      // The README's commands, while the source database is open (pg_dump reads one snapshot).
      const dump = join(dir, 'jornada.dump');
      await run('pg_dump', ['-Fc', '--no-owner', '-f', dump, urlOf(names.source)]);
      expect(statSync(dump).size).toBeGreaterThan(0);
      await admin(`CREATE DATABASE ${names.restored}`);
      await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', urlOf(names.restored), dump]);
    } finally {
      await source.destroy();
    }

    const restored = openDatabase(urlOf(names.restored));
    try {
      await prepareDatabase(restored.db, clock());
      const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database: restored, clock, webDistDir: '/nonexistent' });
      try {
        const verification = await verifyRegistro(restored.db, clock());
        expect(verification.ok).toBe(true);
        expect(verification.companies.length).toBeGreaterThan(0);
        expect(Number((await restored.db.selectFrom('time_records').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(timeRecords);
        for (const person of demo.slice(0, 2)) {
          const answer = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-requested-with': 'jornada' }, payload: { username: person.username, password: person.password } });
          expect(answer.statusCode).toBe(200);
          const cookie = answer.cookies.find((c) => c.name === 'jornada_session');
          const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `jornada_session=${cookie?.value}` } });
          expect(me.statusCode).toBe(200);
        }
      } finally {
        await app.close();
      }
    } finally {
      await restored.destroy();
    }
  });
});
