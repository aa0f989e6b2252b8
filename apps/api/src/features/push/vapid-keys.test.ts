import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { createTestDatabase } from '../../test/test-database';
import { VAPID_SETTING, vapidKeys, vapidSubjectFor } from './vapid-keys';

const now = new Date('2026-11-26T10:00:00.000Z');
const postgresUrl = process.env.TEST_DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL) ? process.env.TEST_DATABASE_URL : undefined;

describe('the VAPID key pair', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened) await database.destroy();
  });

  it('is made once, kept in the database, and the same on every later read', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    await migrateToLatest(database.db);
    const first = await vapidKeys(database.db, undefined, now);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const rows = await database.db.selectFrom('settings').selectAll().execute();
    expect(rows).toEqual([{ key: VAPID_SETTING, value: JSON.stringify(first), created_at: now.toISOString() }]);
    expect(await vapidKeys(database.db, undefined, new Date())).toEqual(first);
  });

  it('given by VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: those, and nothing is written', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    await migrateToLatest(database.db);
    const configured = { publicKey: 'configured-public', privateKey: 'configured-private' };
    expect(await vapidKeys(database.db, configured, now)).toBe(configured);
    expect(await database.db.selectFrom('settings').selectAll().execute()).toEqual([]);
  });

  it.runIf(postgresUrl)('two servers starting at once on one PostgreSQL end with one pair', async () => {
    const name = `jornada_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    const servers = [openDatabase(url.toString()), openDatabase(url.toString())];
    try {
      await migrateToLatest(servers[0]!.db);
      // Several rounds, each from an empty table: both servers race the insert-if-absent every time.
      for (let round = 0; round < 5; round += 1) {
        await servers[0]!.db.deleteFrom('settings').execute();
        // A fresh Kysely per server and round: nothing remembered in this process.
        const fresh = [openDatabase(url.toString()), openDatabase(url.toString())];
        try {
          const [a, b] = await Promise.all(fresh.map((server) => vapidKeys(server.db, undefined, now)));
          expect(a).toEqual(b);
          const rows = await servers[1]!.db.selectFrom('settings').select('value').execute();
          expect(rows.map((row) => JSON.parse(row.value))).toEqual([a]);
        } finally {
          for (const server of fresh) await server.destroy();
        }
      }
    } finally {
      for (const server of servers) await server.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe('the VAPID subject', () => {
  it('is PUBLIC_URL when it is https on a real host, else a mailto: address push services accept', () => {
    expect(vapidSubjectFor('https://jornada.example.es/app')).toBe('https://jornada.example.es');
    expect(vapidSubjectFor('http://localhost:3000')).toBe('mailto:jornada@localhost.localdomain');
    expect(vapidSubjectFor('http://jornada.lan:3000')).toBe('mailto:jornada@jornada.lan');
  });
});
