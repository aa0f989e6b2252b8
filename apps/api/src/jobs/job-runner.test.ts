import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { prepareDatabase } from '../db/prepare';
import { createTestDatabase } from '../test/test-database';
import { createTestClock } from '../test/test-app';
import { enqueueJob } from './job-queue';
import { backoffDelay, JobRunner, type JobHandler } from './job-runner';

const clock = createTestClock('2026-11-26T08:00:00.000Z');
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await prepareDatabase(database.db, clock());
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.deleteFrom('jobs').execute();
});

const runner = (handlers: Record<string, JobHandler>, db = database) =>
  new JobRunner({ db: db.db, dialect: db.dialect, clock, handlers, backoffMs: 1_000, maxBackoffMs: 60_000 });

const jobRow = (id: string) => database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the job runner', () => {
  it('runs a job once with its payload, enqueued inside a transaction', async () => {
    const seen: unknown[] = [];
    const id = await database.db.transaction().execute((trx) => enqueueJob(trx, clock(), { kind: 'greet', payload: { to: 'Ana' } }));
    const jobs = runner({ greet: async (payload) => void seen.push(payload) });
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(seen).toEqual([{ to: 'Ana' }]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
  });

  it('does not see a job whose transaction rolled back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, clock(), { kind: 'greet' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await runner({ greet: async () => {} }).runDue()).toBe(0);
  });

  it('retries a failing job with exponential backoff and marks it dead after its last try', async () => {
    let calls = 0;
    const id = await enqueueJob(database.db, clock(), { kind: 'flaky', maxAttempts: 3 });
    const jobs = runner({ flaky: async () => void (calls += 1, (() => { throw new Error('SMTP caído'); })()) });
    const start = clock().getTime();

    expect(await jobs.runDue()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMTP caído' });
    expect(new Date(row.run_at).getTime() - start).toBe(1_000);
    expect(await jobs.runDue()).toBe(0); // not before its backoff

    clock.advance(1_000);
    expect(await jobs.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(new Date(row.run_at).getTime() - clock().getTime()).toBe(2_000); // doubled

    clock.advance(2_000);
    expect(await jobs.runDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'dead', attempts: 3, last_error: 'SMTP caído' });
    clock.advance(3_600_000);
    expect(await jobs.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('waits for a scheduled job’s run_at', async () => {
    const ran: string[] = [];
    await enqueueJob(database.db, clock(), { kind: 'remind', payload: 'later', runAt: new Date(clock().getTime() + 60 * 60_000) });
    await enqueueJob(database.db, clock(), { kind: 'remind', payload: 'now' });
    const jobs = runner({ remind: async (payload) => void ran.push(payload as string) });
    await jobs.runDue();
    expect(ran).toEqual(['now']);
    clock.advance(59 * 60_000);
    expect(await jobs.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await jobs.runDue()).toBe(1);
    expect(ran).toEqual(['now', 'later']);
  });

  it('takes over a job whose runner died holding it, once the claim has expired', async () => {
    const id = await enqueueJob(database.db, clock(), { kind: 'send' });
    // A runner claims it and dies before finishing: the row stays 'running' with its lock.
    await database.db.updateTable('jobs').set({ status: 'running', attempts: 1, locked_until: new Date(clock().getTime() + 5 * 60_000).toISOString() }).where('id', '=', id).execute();
    let runs = 0;
    const jobs = runner({ send: async () => void (runs += 1) });
    expect(await jobs.runDue()).toBe(0);
    clock.advance(5 * 60_000 + 1);
    expect(await jobs.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('marks a job of an unknown kind as failed, not lost', async () => {
    const id = await enqueueJob(database.db, clock(), { kind: 'nobody-handles-this', maxAttempts: 1 });
    await runner({}).runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'dead', last_error: "no handler for job kind 'nobody-handles-this'" });
  });

  it('started, runs what this process enqueues without waiting for the poll, and stops', async () => {
    let resolveRun: (payload: unknown) => void;
    const ran = new Promise((resolve) => (resolveRun = resolve));
    const jobs = new JobRunner({ db: database.db, dialect: database.dialect, clock, handlers: { ping: async (payload) => resolveRun(payload) }, pollMs: 60_000 });
    jobs.start();
    await new Promise((resolve) => setTimeout(resolve, 50)); // its first (empty) pass
    await enqueueJob(database.db, clock(), { kind: 'ping', payload: 'pong' });
    const result = await Promise.race([ran, new Promise((resolve) => setTimeout(() => resolve('timeout'), 3_000))]);
    await jobs.stop();
    expect(result).toBe('pong');
  });

  it('computes the backoff: base, doubled, capped', () => {
    expect([1, 2, 3, 4, 10].map((attempts) => backoffDelay(attempts, 1_000, 5_000))).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
describe.runIf(postgresUrl && /^postgres(ql)?:\/\//.test(postgresUrl))('two runners on one PostgreSQL', () => {
  const name = `jornada_jobs_${randomBytes(6).toString('hex')}`;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    first = openDatabase(url.toString());
    second = openDatabase(url.toString());
    await prepareDatabase(first.db, clock());
  });
  afterAll(async () => {
    await first?.destroy();
    await second?.destroy();
    const dropper = new pg.Client({ connectionString: postgresUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });

  it('claim a burst of 200 jobs between them and run each exactly once', async () => {
    const runs = new Map<number, string[]>();
    const handler = (server: string): JobHandler => async (payload) => {
      const n = payload as number;
      runs.set(n, [...(runs.get(n) ?? []), server]);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
    };
    for (let n = 0; n < 200; n += 1) await enqueueJob(first.db, clock(), { kind: 'burst', payload: n });
    const options = { clock, batchSize: 5, backoffMs: 1_000 };
    const a = new JobRunner({ ...options, db: first.db, dialect: 'postgres', handlers: { burst: handler('a') } });
    const b = new JobRunner({ ...options, db: second.db, dialect: 'postgres', handlers: { burst: handler('b') } });
    // Both drain the table at the same time, several passes each in flight.
    const drain = async (jobs: JobRunner) => {
      while ((await jobs.runDue()) > 0);
    };
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    expect(runs.size).toBe(200);
    expect([...runs.values()].filter((servers) => servers.length !== 1)).toEqual([]);
    const byServer = [...runs.values()].flat();
    expect(byServer.filter((server) => server === 'a').length).toBeGreaterThan(0);
    expect(byServer.filter((server) => server === 'b').length).toBeGreaterThan(0);
    const statuses = await first.db.selectFrom('jobs').select(['status', first.db.fn.countAll<string>().as('count')]).groupBy('status').execute();
    expect(statuses.map((row) => [row.status, Number(row.count)])).toEqual([['done', 200]]);
  });
});
