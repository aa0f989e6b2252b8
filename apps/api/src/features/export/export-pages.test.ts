import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertTestEvent } from '../../test/factories';
import { readTimeRecordPages } from './export.repository';

let ctx: TestContext;
let companyId: string;
let otherCompanyId: string;

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
});
