import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeeReportFilterOptions, EmployeeReportPage } from '@jornada/shared/schemas/work-reports';
import { insertTestEvent } from '../../test/factories';
import { arrangeListFilterWorld } from '../../test/list-filter-world';
import { createTestContext, type TestContext } from '../../test/test-app';

/** Partes de Empleados, filtered on the server (issue 21): author, event, days sent, text; inside the company. */
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
let sequence = 0;

async function report(userId: string, companyId: string, eventId: string, at: string) {
  const id = `wr-filter-${++sequence}`;
  await ctx.db
    .insertInto('files')
    .values({ id: `file-${id}`, company_id: companyId, owner_id: userId, purpose: 'signature', name: 'firma.png', content_type: 'image/png', size: 4, sha256: 'x', bytes: Buffer.from('png!'), created_at: at })
    .execute();
  await ctx.db.insertInto('work_reports').values({ id, company_id: companyId, user_id: userId, event_id: eventId, observations: 'Sin incidencias', signature_file_id: `file-${id}`, created_at: at }).execute();
  return id;
}

const list = async (query: string, cookie = supervisorCookie) => {
  const response = await ctx.request({ method: 'GET', url: `/api/employee-reports?${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EmployeeReportPage;
};
const who = async (query: string, cookie = supervisorCookie) => (await list(query, cookie)).items.map((item) => `${item.employeeName} · ${item.eventName}`);

beforeAll(async () => {
  ctx = await createTestContext();
  ({ north, south, juan, lucia, pedroSouth, supervisorCookie, adminCookie } = await arrangeListFilterWorld(ctx));
  concert = await insertTestEvent(ctx.db, { companyId: north.id, name: 'Concierto', start: '2026-11-01T08:00:00Z', end: '2026-11-01T20:00:00Z' });
  fair = await insertTestEvent(ctx.db, { companyId: north.id, name: 'Feria', start: '2026-11-02T08:00:00Z', end: '2026-11-02T20:00:00Z' });
  southEvent = await insertTestEvent(ctx.db, { companyId: south.id, name: 'Concierto del Sur', start: '2026-11-01T08:00:00Z', end: '2026-11-01T20:00:00Z' });
  await report(juan.id, north.id, concert.id, '2026-11-10T09:00:00.000Z');
  await report(lucia.id, north.id, concert.id, '2026-11-11T09:00:00.000Z');
  // 23:30 of the 11th in Madrid.
  await report(juan.id, north.id, fair.id, '2026-11-11T22:30:00.000Z');
  await report(pedroSouth.id, south.id, southEvent.id, '2026-11-11T10:00:00.000Z');
});
afterAll(() => ctx.close());

describe('employee report filters', () => {
  it('filters by author, by event and by the days sent in the company time zone', async () => {
    expect(await who(`userId=${juan.id}`)).toEqual(['Juan Pérez · Feria', 'Juan Pérez · Concierto']);
    expect(await who(`eventId=${concert.id}`)).toEqual(['Lucía García · Concierto', 'Juan Pérez · Concierto']);
    expect(await who('from=2026-11-11&to=2026-11-11')).toEqual(['Juan Pérez · Feria', 'Lucía García · Concierto']);
    expect(await who('to=2026-11-10')).toEqual(['Juan Pérez · Concierto']);
  });

  it('searches author and event names', async () => {
    expect(await who('q=LUCÍA')).toEqual(['Lucía García · Concierto']);
    expect(await who('q=lucía')).toEqual(['Lucía García · Concierto']);
    expect(await who('q=feria')).toEqual(['Juan Pérez · Feria']);
  });

  it('never widens the company scope', async () => {
    expect(await who(`userId=${pedroSouth.id}`)).toEqual([]);
    expect(await who(`eventId=${southEvent.id}`)).toEqual([]);
    expect(await who(`companyId=${south.id}&q=sur`)).toEqual([]);
    expect(await who('q=sur', adminCookie)).toEqual(['Pedro Sur · Concierto del Sur']);
    expect(await who(`q=sur&companyId=${north.id}`, adminCookie)).toEqual([]);
  });

  it('pages a filtered list with its cursor', async () => {
    const first = await list(`userId=${juan.id}&limit=1`);
    expect(first.items.map((item) => item.eventName)).toEqual(['Feria']);
    const second = await list(`userId=${juan.id}&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.map((item) => item.eventName)).toEqual(['Concierto']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a backwards range with a Spanish 400', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/employee-reports?from=2026-11-12&to=2026-11-01', cookie: supervisorCookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('La fecha «desde» no puede ser posterior a la fecha «hasta».');
  });

  it('offers as choices only the company\'s people and events that have reports', async () => {
    await insertTestEvent(ctx.db, { companyId: north.id, name: 'Sin partes', start: '2026-11-03T08:00:00Z', end: '2026-11-03T20:00:00Z' });
    const options = async (query: string, cookie = supervisorCookie) => {
      const response = await ctx.request({ method: 'GET', url: `/api/employee-reports/filter-options${query}`, cookie });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as EmployeeReportFilterOptions;
      return { workers: body.workers.map((worker) => worker.name), events: body.events.map((event) => event.name) };
    };
    expect(await options('')).toEqual({ workers: ['Juan Pérez', 'Lucía García'], events: ['Feria', 'Concierto'] });
    // A supervisor's company is fixed: naming another one changes nothing.
    expect(await options(`?companyId=${south.id}`)).toEqual({ workers: ['Juan Pérez', 'Lucía García'], events: ['Feria', 'Concierto'] });
    expect(await options('', adminCookie)).toEqual({ workers: [], events: [] });
    expect(await options(`?companyId=${south.id}`, adminCookie)).toEqual({ workers: ['Pedro Sur'], events: ['Concierto del Sur'] });
  });
});
