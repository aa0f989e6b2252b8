import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertTestEvent } from '../../test/factories';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DB } from '../../db/schema';
import { monthlyExportChunks, type ExportJob } from './export-document';
import { exportJobsClient, serveExportJobs, startExportWorker } from './export-jobs';
import { readEventPages, readTimeRecordPages } from './export.repository';

let ctx: TestContext;
let companyId: string;
let otherCompanyId: string;
const eventIds: string[] = [];
const expectedStaff: string[][] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = (await ctx.factories.company('Páginas Norte')).id;
  otherCompanyId = (await ctx.factories.company('Páginas Sur')).id;
  const event = await insertTestEvent(ctx.db, { companyId, name: 'Servicio', start: '2026-10-01T06:00:00.000Z', end: '2026-10-31T22:00:00.000Z', assignedTo: [] });
  // Seven records, three of them sharing one start instant (the keyset must break ties on id),
  // one just outside the month on each side and one of another company inside it.
  const rows = [
    ['tr-a', companyId, '2026-10-01T08:00:00.000Z'],
    ['tr-c', companyId, '2026-10-05T08:00:00.000Z'],
    ['tr-b', companyId, '2026-10-05T08:00:00.000Z'],
    ['tr-d', companyId, '2026-10-05T08:00:00.000Z'],
    ['tr-e', companyId, '2026-10-20T08:00:00.000Z'],
    ['tr-f', companyId, '2026-10-31T20:00:00.000Z'],
    ['tr-before', companyId, '2026-09-30T21:59:00.000Z'],
    ['tr-after', companyId, '2026-10-31T23:00:00.000Z'],
    ['tr-other', otherCompanyId, '2026-10-10T08:00:00.000Z'],
  ] as const;
  // Five more events in the month (one of them with nobody assigned), one before it, one of another company.
  const staff: string[] = [];
  for (let i = 0; i < 5; i += 1) staff.push((await ctx.factories.user({ role: 'Empleado', companyId })).id);
  const [u1, u2, u3, u4, u5] = staff as [string, string, string, string, string];
  for (const [day, assigned] of [[3, [u1, u2]], [3, [u3]], [12, []], [25, [u2, u4, u1]], [30, [u5]]] as const) {
    const start = `2026-10-${String(day).padStart(2, '0')}T07:00:00.000Z`;
    const created = await insertTestEvent(ctx.db, { companyId, name: `Turno ${day}`, start, end: start.replace('T07', 'T15'), assignedTo: [...assigned] });
    eventIds.push(created.id);
    expectedStaff.push([...assigned].sort());
  }
  await insertTestEvent(ctx.db, { companyId, name: 'Septiembre', start: '2026-09-30T21:00:00.000Z', end: '2026-09-30T23:00:00.000Z', assignedTo: [u1] });
  await insertTestEvent(ctx.db, { companyId: otherCompanyId, name: 'Ajeno', start: '2026-10-10T07:00:00.000Z', end: '2026-10-10T15:00:00.000Z', assignedTo: [u1] });
  for (const [id, company, at] of rows) {
    await ctx.db
      .insertInto('time_records')
      .values({ id, company_id: company, user_id: 'u', event_id: event.id, start_time: at, end_time: at, duration: 0, status: 'completado', start_location: null, end_location: null, created_at: at })
      .execute();
  }
});

afterAll(() => ctx.close());

describe('readTimeRecordPages (the export reads a month a page at a time)', () => {
  // October in Europe/Madrid: 2026-09-30T22:00Z to 2026-10-31T23:00Z.
  const window = () => ({ companyId, month: '2026-10', from: '2026-09-30T22:00:00.000Z', to: '2026-10-31T23:00:00.000Z' });

  it('returns every record of the month once, in start then id order, whatever the page size', async () => {
    for (const pageSize of [1, 2, 3, 6, 1000]) {
      const ids: string[] = [];
      for await (const page of readTimeRecordPages(ctx.db, window(), pageSize)) {
        expect(page.length).toBeLessThanOrEqual(pageSize);
        expect(page.length).toBeGreaterThan(0);
        ids.push(...page.map((record) => record.id));
      }
      expect(ids).toEqual(['tr-a', 'tr-b', 'tr-c', 'tr-d', 'tr-e', 'tr-f']);
    }
  });

  it('returns every event of the month once, in start order, each with its own assignments, whatever the page size', async () => {
    const pages = async (pageSize: number) => {
      const all: { id: string; name: string; assignedEmployees: string[] }[] = [];
      for await (const page of readEventPages(ctx.db, window(), pageSize)) {
        expect(page.length).toBeLessThanOrEqual(pageSize);
        all.push(...page);
      }
      return all;
    };
    const whole = await pages(1000);
    expect(whole.map((event) => event.name)).toEqual(['Servicio', 'Turno 3', 'Turno 3', 'Turno 12', 'Turno 25', 'Turno 30']);
    const byId = new Map(whole.map((event) => [event.id, [...event.assignedEmployees].sort()]));
    expect(eventIds.map((id) => byId.get(id))).toEqual(expectedStaff);
    for (const pageSize of [1, 2, 4]) expect(await pages(pageSize)).toEqual(whole);
  });
});

describe('export jobs (the worker protocol the SQLite server builds exports through)', () => {
  const job = (): ExportJob => ({ month: '2026-10', company: { id: companyId, name: 'Páginas Norte' }, window: { companyId, month: '2026-10', from: '2026-09-30T22:00:00.000Z', to: '2026-10-31T23:00:00.000Z' } });
  const collect = async (pieces: AsyncIterable<string | Buffer>) => {
    const all: string[] = [];
    for await (const piece of pieces) all.push(piece.toString());
    return all;
  };
  function channel(db: Kysely<DB>) {
    const { port1, port2 } = new MessageChannel();
    const served = serveExportJobs(port1, db);
    const client = exportJobsClient(port2);
    return { served, client, close: () => (port1.close(), port2.close()) };
  }

  it('hands over exactly the pieces the document is built of, in order, for two jobs at once', async () => {
    const { client, served, close } = channel(ctx.db);
    try {
      const inThread = await collect(monthlyExportChunks(ctx.db, job()));
      const [first, second] = await Promise.all([collect(client.chunks(job())), collect(client.chunks(job()))]);
      expect(first).toEqual(inThread);
      expect(second).toEqual(inThread);
      expect(JSON.parse(first.join('')).timeRecords.map((record: { id: string }) => record.id)).toEqual(['tr-a', 'tr-b', 'tr-c', 'tr-d', 'tr-e', 'tr-f']);
      expect(served.activeJobs()).toBe(0);
    } finally {
      close();
    }
  });

  it('drops the job when the download stops early', async () => {
    const { client, served, close } = channel(ctx.db);
    try {
      for await (const piece of client.chunks(job())) {
        expect(piece.toString()).toContain('"month":"2026-10"');
        expect(served.activeJobs()).toBe(1);
        break;
      }
      // The cancel crosses the channel like any message.
      await vi.waitFor(() => expect(served.activeJobs()).toBe(0));
    } finally {
      close();
    }
  });

  it('ends the download with an error when reading fails', async () => {
    const empty = new Kysely<DB>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
    const { client, close } = channel(empty);
    try {
      await expect(collect(client.chunks(job()))).rejects.toThrow(/export failed: no such table/);
    } finally {
      close();
      await empty.destroy();
    }
  });

  it('ends the download with an error when the worker dies, and starts a new one for the next export', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jornada-export-worker-'));
    const script = join(dir, 'dying-worker.mjs');
    writeFileSync(script, "import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => process.exit(3));");
    const worker = startExportWorker(script, ':memory:');
    try {
      await expect(collect(worker.chunks(job()))).rejects.toThrow('the export worker exited (3)');
      await expect(collect(worker.chunks(job()))).rejects.toThrow('the export worker exited (3)');
    } finally {
      await worker.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
