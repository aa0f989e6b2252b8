import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendChainEntry } from '../ledgers/registro-chain/registro-chain';
import { verifyRegistro } from '../ledgers/registro-chain/registro-verify';
import { startTimer, stopTimer } from '../features/time-records/time-records.service';
import type { Actor } from '../lib/authorization';
import { AppError } from '../lib/errors';
import { isUniqueViolation } from '../lib/db-errors';
import { newId } from '../lib/ids';
import { insertTestEvent } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { countRequestArrivals } from '../lib/request-arrivals';
import { writeBatchStats, writeTransaction } from './write-batch';

/**
 * Group commit (decision 023): concurrent writes share one SQLite transaction, each in a savepoint.
 * The same tests run on PostgreSQL, where every write is a transaction of its own: what a caller
 * sees (stored or refused, which error) must not depend on the engine.
 */
let ctx: TestContext;
let companyId: string;
let eventId: string;
const workers: Actor[] = [];
const here = { lat: 40.4, lng: -3.7, accuracy: 10 };
const WORKERS = 24;

const sqlite = () => ctx.database.dialect === 'sqlite';
const deps = () => ({ db: ctx.db, clock: ctx.clock, timeZone: 'Europe/Madrid' });
const clockIn = (actor: Actor) => startTimer(deps(), actor, { eventId, location: here });
/**
 * Starts the writes in one turn of the event loop (one batch on SQLite). On PostgreSQL, where each is
 * a transaction of its own and concurrent ones commit in any order, they run one after another so
 * the expected outcome of each is the same on both engines.
 */
async function together<T>(writes: (() => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
  if (sqlite()) return Promise.allSettled(writes.map((write) => write()));
  const results: PromiseSettledResult<T>[] = [];
  for (const write of writes) results.push(...(await Promise.allSettled([write()])));
  return results;
}

async function activeRecordsOf(userIds: string[]) {
  return ctx.db.selectFrom('time_records').select(['id', 'user_id']).where('user_id', 'in', userIds).where('status', '=', 'activo').execute();
}

async function chainOfCompany() {
  return ctx.db.selectFrom('registro_chain').select(['seq', 'subject_id', 'action', 'prev_hash', 'hash']).where('company_id', '=', companyId).orderBy('seq').execute();
}

async function head() {
  return ctx.db.selectFrom('registro_chain_heads').select(['seq', 'hash']).where('company_id', '=', companyId).executeTakeFirst();
}

async function stopAll() {
  const active = await ctx.db.selectFrom('time_records').select(['id', 'user_id']).where('company_id', '=', companyId).where('status', '=', 'activo').execute();
  for (const record of active) await stopTimer(deps(), workers.find((worker) => worker.userId === record.user_id)!, record.id, { location: here });
}

async function expectChainValid() {
  const verification = await verifyRegistro(ctx.db, ctx.clock());
  expect(verification.ok, JSON.stringify(verification.companies.filter((company) => !company.ok))).toBe(true);
  // Links without gaps, and the head is the last entry.
  const chain = await chainOfCompany();
  chain.forEach((entry, index) => {
    expect(Number(entry.seq)).toBe(index + 1);
    if (index > 0) expect(entry.prev_hash).toBe(chain[index - 1]!.hash);
  });
  const last = chain.at(-1);
  if (last) expect(await head()).toMatchObject({ seq: last.seq, hash: last.hash });
}

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = (await ctx.factories.company('Lotes')).id;
  for (let index = 0; index < WORKERS; index++) {
    const user = await ctx.factories.user({ role: 'Empleado', companyId, name: `Trabajador ${index}` });
    const { role_id: roleId } = await ctx.db.selectFrom('users').select('role_id').where('id', '=', user.id).executeTakeFirstOrThrow();
    workers.push({ userId: user.id, sessionId: 'test', name: user.name, username: user.username, role: 'Empleado', roleId, companyId });
  }
  const now = ctx.clock().getTime();
  eventId = (
    await insertTestEvent(ctx.db, {
      companyId,
      name: 'Turno en lote',
      start: new Date(now - 3_600_000).toISOString(),
      end: new Date(now + 8 * 3_600_000).toISOString(),
      assignedTo: workers.map((worker) => worker.userId),
    })
  ).id;
}, 60_000);
afterAll(() => ctx.close());

describe('group commit of clock-ins and clock-outs', () => {
  it('writes concurrent clock-ins of many people in one transaction, all stored, the chain in arrival order', async () => {
    const before = { ...writeBatchStats(ctx.db) };
    const records = await Promise.all(workers.map(clockIn));
    expect(records.map((record) => record.userId)).toEqual(workers.map((worker) => worker.userId));
    expect(await activeRecordsOf(workers.map((worker) => worker.userId))).toHaveLength(WORKERS);
    if (sqlite()) {
      const after = writeBatchStats(ctx.db)!;
      expect(after.batches - before.batches!).toBe(1);
      expect(after.items - before.items!).toBe(WORKERS);
    } else {
      expect(writeBatchStats(ctx.db)).toBeUndefined();
    }
    // The chain holds them in the order the callers arrived (the batch runs its items in order).
    const entries = (await chainOfCompany()).filter((entry) => entry.action === 'entrada');
    if (sqlite()) expect(entries.map((entry) => entry.subject_id)).toEqual(records.map((record) => record.id));
    else expect(new Set(entries.map((entry) => entry.subject_id))).toEqual(new Set(records.map((record) => record.id)));
    await expectChainValid();

    const stopped = await Promise.all(records.map((record, index) => stopTimer(deps(), workers[index]!, record.id, { location: here })));
    expect(stopped.every((record) => record.status === 'completado')).toBe(true);
    expect(await activeRecordsOf(workers.map((worker) => worker.userId))).toHaveLength(0);
    await expectChainValid();
  });

  it('refuses only the failing writes of a batch, with their own errors, and keeps the others', async () => {
    const [first, second, third] = workers;
    const stranger = { ...first!, userId: newId('usr'), username: 'nadie', name: 'Nadie' };
    const results = await together([
      () => clockIn(first!),
      () => clockIn(first!), // a second timer of the same person: 409, as with separate transactions
      () => clockIn(stranger), // not assigned: 404
      () => clockIn(second!),
      () => startTimer(deps(), third!, { eventId: 'ev-inexistente', location: here }),
      () => clockIn(third!),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    const errorOf = (index: number) => (results[index] as PromiseRejectedResult).reason as AppError;
    expect(errorOf(1)).toBeInstanceOf(AppError);
    expect(errorOf(1).code).toBe('TIMER_ALREADY_ACTIVE');
    expect(errorOf(2).statusCode).toBe(404);
    expect(errorOf(4).statusCode).toBe(404);
    const active = await activeRecordsOf(workers.map((worker) => worker.userId));
    expect(active.map((record) => record.user_id).sort()).toEqual([first!.userId, second!.userId, third!.userId].sort());
    await expectChainValid();
    await stopAll();
  });

  it('rolls back a write that fails after writing (its chain entry too) without touching the batch around it', async () => {
    const [first, second] = workers;
    const headBefore = await head();
    const ghost = newId('tr');
    const results = await together<unknown>([
      () => clockIn(first!),
      () => writeTransaction(ctx.db, async (trx) => {
        // A chain entry and the head's advance, then a failure: neither may survive.
        await appendChainEntry(trx, { companyId, kind: 'fichaje', action: 'entrada', subjectId: ghost, payload: { id: ghost }, at: ctx.clock() });
        throw new Error('falla a mitad');
      }),
      () => writeTransaction(ctx.db, async (trx) => {
        // The unique one-active index, the race the clock-in's catch turns into 409.
        const active = await trx.selectFrom('time_records').selectAll().where('user_id', '=', first!.userId).where('status', '=', 'activo').executeTakeFirstOrThrow();
        await trx.insertInto('time_records').values({ ...active, id: newId('tr') }).execute();
      }),
      () => clockIn(second!),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(((results[1] as PromiseRejectedResult).reason as Error).message).toBe('falla a mitad');
    expect(isUniqueViolation((results[2] as PromiseRejectedResult).reason)).toBe(true);
    expect(await ctx.db.selectFrom('registro_chain').select('seq').where('subject_id', '=', ghost).execute()).toHaveLength(0);
    const chain = await chainOfCompany();
    expect(chain.slice(-2).map((entry) => entry.subject_id)).toEqual([
      (results[0] as PromiseFulfilledResult<{ id: string }>).value.id,
      (results[3] as PromiseFulfilledResult<{ id: string }>).value.id,
    ]);
    expect(Number((await head())!.seq)).toBe(Number(headBefore!.seq) + 2);
    expect(await activeRecordsOf([first!.userId])).toHaveLength(1);
    await expectChainValid();
    await stopAll();
  });

  it.runIf(!process.env.TEST_DATABASE_URL)('rejects every write of the batch when the shared COMMIT fails, and stores none of them', async () => {
    const headBefore = await head();
    const recordsBefore = await ctx.db.selectFrom('time_records').select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
    const results = await together<unknown>([
      () => clockIn(workers[0]!),
      () => clockIn(workers[1]!),
      () => writeTransaction(ctx.db, async (trx) => {
        // A foreign key checked only at COMMIT: the item itself succeeds, the COMMIT does not.
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await trx.insertInto('user_categories').values({ user_id: 'usr-inexistente', category_id: 'cat-inexistente' }).execute();
      }),
      () => clockIn(workers[2]!),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    for (const result of results) expect(String((result as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await activeRecordsOf(workers.map((worker) => worker.userId))).toHaveLength(0);
    expect(await ctx.db.selectFrom('time_records').select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow()).toEqual(recordsBefore);
    expect(await head()).toEqual(headBefore);
    await expectChainValid();
    // The connection is usable again, outside any transaction.
    expect((await Promise.all(workers.slice(0, 3).map(clockIn))).map((record) => record.status)).toEqual(['activo', 'activo', 'activo']);
    await expectChainValid();
    await stopAll();
  });

  it('runs a lone write as a plain transaction: its failure stores nothing', async () => {
    const headBefore = await head();
    const ghost = newId('tr');
    await expect(
      writeTransaction(ctx.db, async (trx) => {
        await appendChainEntry(trx, { companyId, kind: 'fichaje', action: 'entrada', subjectId: ghost, payload: { id: ghost }, at: ctx.clock() });
        throw new AppError(409, 'NO_ACTIVE_TIMER');
      }),
    ).rejects.toMatchObject({ code: 'NO_ACTIVE_TIMER' });
    expect(await head()).toEqual(headBefore);
    await expectChainValid();
  });

  it('starts a lone write at once, and makes writes wait for the turn when requests arrive together', async () => {
    const settled: string[] = [];
    const turnEnded = new Promise<void>((resolve) => setImmediate(() => resolve(void settled.push('turn'))));
    const lone = clockIn(workers[0]!).then(() => settled.push('write'));
    await Promise.all([lone, turnEnded]);
    // No request beside it: committed before the event loop's check phase (PostgreSQL answers later).
    if (sqlite()) expect(settled).toEqual(['write', 'turn']);

    // Several requests in this turn of the event loop: a write waits for the others to queue theirs.
    const server = new EventEmitter();
    countRequestArrivals(server as Server);
    server.emit('request');
    server.emit('request');
    const before = { ...writeBatchStats(ctx.db) };
    const first = clockIn(workers[1]!);
    // The next request is read only after the first one's synchronous work (SQLite runs in microtasks).
    for (let hop = 0; hop < 200; hop += 1) await Promise.resolve();
    const second = clockIn(workers[2]!);
    expect((await Promise.all([first, second])).map((record) => record.status)).toEqual(['activo', 'activo']);
    if (sqlite()) expect(writeBatchStats(ctx.db)!.batches - before.batches!).toBe(1);
    await stopAll();
  });

  it('runs a write started inside a batch item in that item, not in a batch of its own', async () => {
    const value = await writeTransaction(ctx.db, (trx) => writeTransaction(trx, async (inner) => (await inner.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirstOrThrow()).id));
    expect(value).toBe(companyId);
  });
});
