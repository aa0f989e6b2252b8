import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimeLogResponse } from '@jornada/shared/schemas/time-records';
import { insertTestEvent } from '../../test/factories';
import { arrangeListFilterWorld } from '../../test/list-filter-world';
import { createTestContext, type TestContext } from '../../test/test-app';

/** The time log's server-side filters (issue 21): worker, event, days, text; inside the company, with cursors. */
let ctx: TestContext;
let north: { id: string };
let south: { id: string };
let supervisorCookie: string;
let adminCookie: string;
let juan: { id: string };
let lucia: { id: string };
let pedroSouth: { id: string };
let concert: { id: string };
let fair: { id: string };
let southEvent: { id: string };

async function completedRecord(userId: string, companyId: string, eventId: string, start: string, minutes = 60) {
  await ctx.db
    .insertInto('time_records')
    .values({
      id: `tr-${Math.random().toString(36).slice(2)}`,
      company_id: companyId,
      user_id: userId,
      event_id: eventId,
      start_time: start,
      end_time: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
      duration: minutes,
      status: 'completado',
      start_location: null,
      end_location: null,
      created_at: start,
    })
    .execute();
}

const log = (query: string, cookie = supervisorCookie) => ctx.request({ method: 'GET', url: `/api/time-records?${query}`, cookie });
const records = async (query: string, cookie = supervisorCookie) => {
  const response = await log(query, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TimeLogResponse).records;
};

beforeAll(async () => {
  ctx = await createTestContext();
  ({ north, south, juan, lucia, pedroSouth, supervisorCookie, adminCookie } = await arrangeListFilterWorld(ctx));
  concert = await insertTestEvent(ctx.db, { companyId: north.id, name: 'Concierto 50%_Rock', start: '2026-11-01T08:00:00Z', end: '2026-11-30T20:00:00Z' });
  fair = await insertTestEvent(ctx.db, { companyId: north.id, name: 'Feria de Otoño', start: '2026-11-01T08:00:00Z', end: '2026-11-30T20:00:00Z' });
  southEvent = await insertTestEvent(ctx.db, { companyId: south.id, name: 'Concierto del Sur', start: '2026-11-01T08:00:00Z', end: '2026-11-30T20:00:00Z' });

  // Juan: five records at the concert (10th..14th, 09:00 UTC), one at the fair on the 15th.
  for (let day = 10; day <= 14; day++) await completedRecord(juan.id, north.id, concert.id, `2026-11-${day}T09:00:00.000Z`);
  await completedRecord(juan.id, north.id, fair.id, '2026-11-15T09:00:00.000Z');
  // Lucía: the fair, late on the 14th in Madrid (23:30 local = 22:30 UTC) and early on the 15th (00:30 local).
  await completedRecord(lucia.id, north.id, fair.id, '2026-11-14T22:30:00.000Z');
  await completedRecord(lucia.id, north.id, fair.id, '2026-11-14T23:30:00.000Z');
  // Another company's record, at an event whose name also matches 'Concierto'.
  await completedRecord(pedroSouth.id, south.id, southEvent.id, '2026-11-12T09:00:00.000Z');
});
afterAll(() => ctx.close());

describe('time log filters', () => {
  it('without filters lists the whole company, and only it', async () => {
    const all = await records('limit=50');
    expect(all).toHaveLength(8);
    expect(all.every((record) => record.companyId === north.id)).toBe(true);
  });

  it('filters by worker', async () => {
    const mine = await records(`userId=${juan.id}`);
    expect(mine).toHaveLength(6);
    expect(new Set(mine.map((record) => record.userId))).toEqual(new Set([juan.id]));
  });

  it('filters by event', async () => {
    const atFair = await records(`eventId=${fair.id}`);
    expect(atFair.map((record) => record.userName).sort()).toEqual(['Juan Pérez', 'Lucía García', 'Lucía García']);
  });

  it('filters by days in the company time zone, both ends included', async () => {
    // 14 November in Madrid: Juan's 10:00 and Lucía's 23:30; her 00:30 of the 15th is not in it.
    const day = await records('from=2026-11-14&to=2026-11-14');
    expect(day.map((record) => record.startTime).sort()).toEqual(['2026-11-14T09:00:00.000Z', '2026-11-14T22:30:00.000Z']);
    const fromOnly = await records('from=2026-11-15');
    expect(fromOnly.map((record) => record.startTime).sort()).toEqual(['2026-11-14T23:30:00.000Z', '2026-11-15T09:00:00.000Z']);
    const toOnly = await records('to=2026-11-10');
    expect(toOnly.map((record) => record.startTime)).toEqual(['2026-11-10T09:00:00.000Z']);
  });

  it('searches worker and event names, ignoring case, with % and _ taken literally', async () => {
    expect((await records('q=lucía')).map((record) => record.userName)).toEqual(['Lucía García', 'Lucía García']);
    expect(await records('q=FERIA')).toHaveLength(2 + 1);
    expect(await records(`q=${encodeURIComponent('50%_r')}`)).toHaveLength(5);
    expect(await records(`q=${encodeURIComponent('%')}`)).toHaveLength(5);
    expect(await records('q=nadie')).toHaveLength(0);
  });

  it('combines filters', async () => {
    const combined = await records(`userId=${juan.id}&eventId=${concert.id}&from=2026-11-12&to=2026-11-13&q=concierto`);
    expect(combined.map((record) => record.startTime)).toEqual(['2026-11-13T09:00:00.000Z', '2026-11-12T09:00:00.000Z']);
  });

  it('treats empty values as no filter', async () => {
    expect(await records('userId=&eventId=&from=&to=&q=')).toHaveLength(8);
  });

  it('never widens the company scope: another company\'s worker, event or name matches nothing', async () => {
    expect(await records(`userId=${pedroSouth.id}`)).toEqual([]);
    expect(await records(`eventId=${southEvent.id}`)).toEqual([]);
    expect(await records('q=sur')).toEqual([]);
    // A supervisor's companyId is ignored: their own company still bounds the list.
    expect(await records(`companyId=${south.id}&userId=${pedroSouth.id}`)).toEqual([]);
  });

  it('lets an administrator filter every company, or one', async () => {
    expect(await records('q=concierto', adminCookie)).toHaveLength(6);
    expect(await records(`q=concierto&companyId=${north.id}`, adminCookie)).toHaveLength(5);
    expect(await records(`userId=${pedroSouth.id}&companyId=${north.id}`, adminCookie)).toEqual([]);
  });

  it('pages a filtered list with its cursor, with no gap and no repeat', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `userId=${juan.id}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await log(query);
      expect(response.statusCode).toBe(200);
      const page = response.json() as TimeLogResponse;
      expect(page.records.length).toBeLessThanOrEqual(2);
      expect(page.records.every((record) => record.userId === juan.id)).toBe(true);
      seen.push(...page.records.map((record) => record.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(6);
    const all = await records(`userId=${juan.id}`);
    expect(seen).toEqual(all.map((record) => record.id));
  });

  it.each([
    ['from=2026-13-01', 'La fecha debe tener el formato AAAA-MM-DD.'],
    ['to=2026-02-30', 'La fecha debe tener el formato AAAA-MM-DD.'],
    ['from=ayer', 'La fecha debe tener el formato AAAA-MM-DD.'],
    ['from=2026-11-20&to=2026-11-10', 'La fecha «desde» no puede ser posterior a la fecha «hasta».'],
    [`q=${'x'.repeat(101)}`, 'La búsqueda admite como mucho 100 caracteres.'],
    [`userId=${'u'.repeat(101)}`, undefined],
  ])('refuses %s with a Spanish 400', async (query, message) => {
    const response = await log(query);
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('VALIDATION_ERROR');
    if (message) expect(error.message).toContain(message);
    else expect(error.message).toMatch(/[áéíóúñ]|Campo/);
  });
});

describe('time log filter options', () => {
  const options = (query: string, cookie = supervisorCookie) => ctx.request({ method: 'GET', url: `/api/time-records/filter-options?${query}`, cookie });

  it("offers the supervisor's own company's people and events, whatever companyId says", async () => {
    for (const query of ['', `companyId=${south.id}`]) {
      const response = await options(query);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.workers.map((worker: { name: string }) => worker.name)).toEqual(expect.arrayContaining(['Juan Pérez', 'Lucía García']));
      expect(body.workers.map((worker: { id: string }) => worker.id)).not.toContain(pedroSouth.id);
      expect(body.events.map((event: { id: string }) => event.id).sort()).toEqual([concert.id, fair.id].sort());
    }
  });

  it('offers an administrator the company they choose, and nothing before they choose', async () => {
    expect((await options('', adminCookie)).json()).toEqual({ workers: [], events: [] });
    const south_ = (await options(`companyId=${south.id}`, adminCookie)).json();
    expect(south_.workers).toEqual([{ id: pedroSouth.id, name: 'Pedro Sur' }]);
    expect(south_.events).toEqual([{ id: southEvent.id, name: 'Concierto del Sur', startTime: '2026-11-01T08:00:00.000Z' }]);
  });
});
