import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { prepareDatabase } from '../../db/prepare';
import { createFactories, insertTestEvent } from '../../test/factories';
import { createTestClock } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { listRegistroRecords, monthPieces } from './registro.repository';

/*
 * The company's registro window is read a month at a time (decision 057): the pieces must read
 * exactly the rows one range would, at every edge, on both engines.
 */
describe('monthPieces', () => {
  it('tiles the window with pieces cut at each 1st of a month, none empty', () => {
    const window = { start: new Date('2025-12-29T23:00:00.000Z'), end: new Date('2026-03-15T12:00:00.000Z') };
    expect(monthPieces(window).map((piece) => [piece.start.toISOString(), piece.end.toISOString()])).toEqual([
      ['2025-12-29T23:00:00.000Z', '2026-01-01T00:00:00.000Z'],
      ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
      ['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
      ['2026-03-01T00:00:00.000Z', '2026-03-15T12:00:00.000Z'],
    ]);
  });

  it('gives one piece inside a month, and none for an empty window', () => {
    const inside = { start: new Date('2026-10-04T22:00:00.000Z'), end: new Date('2026-10-05T22:00:00.000Z') };
    expect(monthPieces(inside)).toEqual([inside]);
    expect(monthPieces({ start: inside.end, end: inside.end })).toEqual([]);
  });
});

describe('listRegistroRecords', () => {
  const clock = createTestClock();
  let database: Database;
  let companyId: string;
  let userId: string;
  const starts = [
    '2025-12-29T22:59:59.999Z', // before the window
    '2025-12-29T23:00:00.000Z', // its first instant
    '2025-12-31T23:59:59.999Z',
    '2026-01-01T00:00:00.000Z', // a piece's first instant
    '2026-02-28T23:59:59.999Z',
    '2026-03-01T00:00:00.000Z',
    '2026-10-31T22:59:59.999Z', // the last instant
    '2026-10-31T23:00:00.000Z', // the window's end: outside
  ];
  const window = { start: new Date('2025-12-29T23:00:00.000Z'), end: new Date('2026-10-31T23:00:00.000Z') };

  beforeAll(async () => {
    database = await createTestDatabase();
    await prepareDatabase(database.db, clock());
    const factories = createFactories(database.db, clock);
    companyId = (await factories.company()).id;
    const otherId = (await factories.company()).id;
    userId = (await factories.user({ role: 'Empleado', companyId })).id;
    const otherUser = (await factories.user({ role: 'Empleado', companyId: otherId })).id;
    const event = await insertTestEvent(database.db, { companyId, start: '2025-12-01T00:00:00Z', end: '2026-12-01T00:00:00Z' });
    const otherEvent = await insertTestEvent(database.db, { companyId: otherId, start: '2025-12-01T00:00:00Z', end: '2026-12-01T00:00:00Z' });
    const record = (id: string, company: string, user: string, eventId: string, start: string) => ({
      id,
      company_id: company,
      user_id: user,
      event_id: eventId,
      start_time: start,
      end_time: new Date(Date.parse(start) + 3_600_000).toISOString(),
      duration: 60,
      status: 'completado' as const,
      start_location: null,
      end_location: null,
      created_at: start,
    });
    await database.db
      .insertInto('time_records')
      .values([
        ...starts.map((start, index) => record(`tr-${index}`, companyId, userId, event.id, start)),
        ...starts.map((start, index) => record(`tr-other-${index}`, otherId, otherUser, otherEvent.id, start)),
      ])
      .execute();
  });
  afterAll(() => database.destroy());

  it("reads the company's records of the window, each once, at every month's edge", async () => {
    const records = await listRegistroRecords(database.db, companyId, window);
    expect(records.map((record) => record.start)).toEqual(starts.slice(1, 7));
    expect(records.map((record) => record.id)).toEqual(['tr-1', 'tr-2', 'tr-3', 'tr-4', 'tr-5', 'tr-6']);
  });

  it('reads the same rows for some workers through their own index', async () => {
    expect((await listRegistroRecords(database.db, companyId, window, [userId])).map((record) => record.id)).toEqual(['tr-1', 'tr-2', 'tr-3', 'tr-4', 'tr-5', 'tr-6']);
  });
});
