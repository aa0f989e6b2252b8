import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertRecord } from './registro.test-support';

/*
 * Issue 21 item 2: two overlapping intervals on one day (written before double bookings were
 * refused, or by a correction) are one stretch of work: the registro counts their union.
 */
let ctx: TestContext;
let worker: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  const company = await ctx.factories.company('Solapes S.L.');
  worker = await signInAs(ctx, 'Empleado', company.id, { name: 'Olga Solape' });
  // Wednesday 14 October 2026 (Madrid, UTC+2): 07:00–17:00 and 11:00–23:00, a real span of 16 h.
  await insertRecord(ctx.db, { companyId: company.id, userId: worker.id, start: '2026-10-14T05:00:00Z', end: '2026-10-14T15:00:00Z' });
  await insertRecord(ctx.db, { companyId: company.id, userId: worker.id, start: '2026-10-14T09:00:00Z', end: '2026-10-14T21:00:00Z' });
  // The next day, a plain 8 h shift: disjoint records still add up exactly.
  await insertRecord(ctx.db, { companyId: company.id, userId: worker.id, start: '2026-10-15T13:00:00Z', end: '2026-10-15T17:00:00Z' });
  await insertRecord(ctx.db, { companyId: company.id, userId: worker.id, start: '2026-10-15T17:00:00Z', end: '2026-10-15T21:00:00Z' });
});
afterAll(() => ctx.close());

describe('overlapping records in the registro', () => {
  it('count the union of the day (16 h), not the sum (22 h), in the day, the rule and the month', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/registro/mine?month=2026-10', cookie: worker.cookie });
    expect(response.statusCode).toBe(200);
    const month = response.json();
    expect(month.days[13]).toMatchObject({ day: '2026-10-14', workedMinutes: 960, overtimeMinutes: 420 });
    expect(month.days[13].entries).toHaveLength(2);
    expect(month.days[13].breaks.map((item: { message: string }) => item.message)).toContain('Jornada diaria: 16 h, máximo 9 h (exceso 7 h)');
    expect(month.days[14]).toMatchObject({ day: '2026-10-15', workedMinutes: 480, overtimeMinutes: 0 });
    expect(month.totals).toMatchObject({ workedMinutes: 960 + 480, overtimeMinutes: 420 });
  });
});
