import { isSinCierre } from '@jornada/shared/sin-cierre';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { prepareDatabase } from './prepare';
import { migrateToLatest } from './migrate';
import { ensureAdmin, seedDefaults } from './seed';
import { seedDemo } from '../demo/demo';
import { createTestDatabase } from '../test/test-database';
import { verifyPassword } from '../lib/passwords';

let database: Database;
const now = new Date('2026-11-21T10:00:00Z');

beforeEach(async () => {
  database = await createTestDatabase();
  await prepareDatabase(database.db, now);
});
afterEach(() => database.destroy());

describe('first start', () => {
  it('creates the three default roles and the seed categories, once', async () => {
    await prepareDatabase(database.db, now);
    const roles = await database.db.selectFrom('roles').select(['name', 'is_default']).orderBy('name').execute();
    expect(roles.map((role) => [role.name, Number(role.is_default)])).toEqual([['Administrador', 1], ['Empleado', 1], ['Supervisor', 1]]);
    const categories = await database.db.selectFrom('categories').select(['name', 'price_cents']).orderBy('name').execute();
    expect(categories).toEqual([
      { name: 'Auxiliar', price_cents: 1800 },
      { name: 'Protección Civil', price_cents: null },
      { name: 'Vigilante', price_cents: 2250 },
    ]);
  });

  it('does not bring back a seed category an administrator deleted', async () => {
    await database.db.deleteFrom('categories').where('id', '=', 'cat-auxiliar').execute();
    await prepareDatabase(database.db, now);
    expect(await database.db.selectFrom('categories').select('id').where('id', '=', 'cat-auxiliar').execute()).toHaveLength(0);
  });

  it('creates the administrator from the environment, hashed with argon2id', async () => {
    const result = await ensureAdmin(database.db, 'jefa', 'Muy-Segura-2026', now);
    expect(result).toEqual({ username: 'jefa' });
    const admin = await database.db.selectFrom('users').selectAll().where('username', '=', 'jefa').executeTakeFirstOrThrow();
    expect(admin.company_id).toBeNull();
    expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(admin.password_hash, 'Muy-Segura-2026')).toBe(true);
    expect(await ensureAdmin(database.db, 'otra', 'Muy-Segura-2026', now)).toBeUndefined();
  });

  it('generates a strong password when none is given', async () => {
    const result = await ensureAdmin(database.db, 'admin', undefined, now);
    expect(result?.generatedPassword).toMatch(/^.{20,}$/);
    expect(result?.generatedPassword).toMatch(/[A-Z]/);
    expect(result?.generatedPassword).toMatch(/[^A-Za-z0-9]/);
  });

  it('refuses an ADMIN_PASSWORD that breaks the password rule', async () => {
    await expect(ensureAdmin(database.db, 'admin', 'corta', now)).rejects.toThrow('La contraseña debe tener 8+ caracteres');
  });
});

describe('several servers starting at once on a new database', () => {
  it('seed the defaults once and create one administrator; no start fails', async () => {
    const fresh = await createTestDatabase();
    try {
      await migrateToLatest(fresh.db);
      await Promise.all([seedDefaults(fresh.db, now), seedDefaults(fresh.db, now), seedDefaults(fresh.db, now)]);
      const results = await Promise.all([1, 2, 3].map(() => ensureAdmin(fresh.db, 'admin', undefined, now)));
      expect(results.filter((result) => result?.generatedPassword)).toHaveLength(1);
      expect(results.filter((result) => result === undefined)).toHaveLength(2);
      expect(await fresh.db.selectFrom('roles').select('id').where('is_default', '=', 1).execute()).toHaveLength(3);
      expect(await fresh.db.selectFrom('categories').select('id').execute()).toHaveLength(3);
      expect(await fresh.db.selectFrom('users').select('id').where('role_id', '=', 'role-admin').execute()).toHaveLength(1);
    } finally {
      await fresh.destroy();
    }
  });
});

describe('demo data', () => {
  it('adds a company with a supervisor and employees, each with a generated password, only once', async () => {
    const credentials = await seedDemo(database.db, now);
    expect(credentials?.map((c) => c.role)).toEqual(['Supervisor', 'Empleado', 'Empleado', 'Empleado']);
    const passwords = new Set(credentials?.map((c) => c.password));
    expect(passwords.size).toBe(4);
    expect(await seedDemo(database.db, now)).toBeUndefined();
    const documents = await database.db.selectFrom('category_documents').select('type').execute();
    expect(documents.map((d) => d.type).sort()).toEqual(['escrito', 'escrito', 'foto', 'foto']);
  });

  it('adds weeks of completed time records, one running timer and one forgotten clock-out', async () => {
    await seedDemo(database.db, now);
    const records = await database.db
      .selectFrom('time_records')
      .leftJoin('events', 'events.id', 'time_records.event_id')
      .select(['time_records.status', 'time_records.duration', 'time_records.start_time', 'events.end_time'])
      .execute();
    const completed = records.filter((record) => record.status === 'completado');
    expect(completed.length).toBeGreaterThan(5);
    expect(completed.every((record) => Number(record.duration) > 0)).toBe(true);
    // One timer on the event under way, and one record 'Sin cierre' (registro demo, demo-corrections.ts).
    const active = records.filter((record) => record.status === 'activo');
    expect(active.map((record) => isSinCierre({ status: 'activo', startTime: record.start_time }, record.end_time, now)).sort()).toEqual([false, true]);
  });

  it('adds vacations in every state and a paid month', async () => {
    await seedDemo(database.db, now);
    const vacations = await database.db.selectFrom('vacation_requests').select(['status', 'awaiting']).execute();
    expect(new Set(vacations.map((v) => `${v.status}/${v.awaiting ?? '-'}`))).toEqual(new Set(['confirmado/-', 'pendiente/supervisor', 'pendiente/employee', 'rechazado/-']));
    expect(await database.db.selectFrom('payments').select('status').execute()).toEqual([{ status: 'paid' }]);
  });
});
