import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { createEventRequestSchema } from '@jornada/shared/schemas/events';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertTestEvent } from '../../test/factories';
import type { Actor } from '../../lib/authorization';
import type { EventsDeps } from './event-access';
import { assignEmployees, createEvents, updateEvent } from './events.service';
import { findConfirmedVacationConflicts, type VacationConflictFinder } from './vacation-conflicts';

let ctx: TestContext;
let actor: Actor;
let companyId: string;
let employee: { id: string; name: string };
let onVacation: { id: string; name: string };

/** Stands in for the vacations feature: Lucía has a confirmed vacation on Saturday 28 November (Madrid). */
const vacationFinder = vi.fn<VacationConflictFinder>(async (_db, _companyId, userIds, dates) =>
  userIds.includes(onVacation.id) && dates.includes('2026-11-28') ? [{ userId: onVacation.id, date: '2026-11-28' }] : [],
);
const deps = (): EventsDeps => ({ db: ctx.db, clock: ctx.clock, timeZone: 'Europe/Madrid', findVacationConflicts: vacationFinder });
const input = (extra: object = {}) =>
  createEventRequestSchema.parse({ name: 'Partido', location: 'Estadio', date: '2026-11-28T17:00:00.000Z', endDate: '2026-11-28T21:00:00.000Z', ...extra });
const conflictMessage = 'No se puede asignar a Lucía García. El empleado está de vacaciones en esa fecha.';

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = (await ctx.factories.company('Vacaciones S.L.')).id;
  const supervisor = await ctx.factories.user({ role: 'Supervisor', companyId, name: 'Marta López' });
  actor = { userId: supervisor.id, sessionId: 'test', name: supervisor.name, username: supervisor.username, role: 'Supervisor', roleId: defaultRoleIds.Supervisor, companyId };
  employee = await ctx.factories.user({ role: 'Empleado', companyId, name: 'Juan Pérez' });
  onVacation = await ctx.factories.user({ role: 'Empleado', companyId, name: 'Lucía García' });
});
afterAll(() => ctx.close());

describe('assignment and confirmed vacations (spec section 5, decision 6)', () => {
  it("refuses to create an event assigning someone on vacation that day, naming them, and creates nothing", async () => {
    await expect(createEvents(deps(), actor, input({ assignedEmployees: [employee.id, onVacation.id] }))).rejects.toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: conflictMessage,
    });
    expect(await ctx.db.selectFrom('events').select('id').where('name', '=', 'Partido').execute()).toHaveLength(0);
    expect(vacationFinder).toHaveBeenLastCalledWith(expect.anything(), companyId, [employee.id, onVacation.id], ['2026-11-28']);
  });

  it('asks about every start day of a constant event in the company time zone', async () => {
    // Friday 27 to Sunday 29 November, 00:30 to 06:00 local: the UTC dates are one day earlier.
    await expect(
      createEvents(deps(), actor, input({ date: '2026-11-26T23:30:00.000Z', endDate: '2026-11-29T05:00:00.000Z', type: 'constant', repeatDays: [4, 5, 6], assignedEmployees: [onVacation.id] })),
    ).rejects.toMatchObject({ message: conflictMessage });
    expect(vacationFinder.mock.lastCall?.[3]).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
  });

  it('allows the same person on another day', async () => {
    const created = await createEvents(deps(), actor, input({ date: '2026-11-29T17:00:00.000Z', endDate: '2026-11-29T21:00:00.000Z', assignedEmployees: [onVacation.id] }));
    expect(created.items[0]?.assignedEmployeeNames).toEqual(['Lucía García']);
  });

  it('refuses adding them to an existing event that day, and moving their event onto that day', async () => {
    const sameDay = await insertTestEvent(ctx.db, { companyId, start: '2026-11-28T09:00:00Z', end: '2026-11-28T13:00:00Z' });
    await expect(assignEmployees(deps(), actor, sameDay.id, [onVacation.id])).rejects.toMatchObject({ statusCode: 409, message: conflictMessage });
    const otherDay = await insertTestEvent(ctx.db, { companyId, start: '2026-11-30T09:00:00Z', end: '2026-11-30T13:00:00Z', assignedTo: [onVacation.id] });
    await expect(updateEvent(deps(), actor, otherDay.id, { name: 'Movido', location: 'Estadio', date: '2026-11-28T09:00:00.000Z', endDate: '2026-11-28T13:00:00.000Z' }))
      .rejects.toMatchObject({ message: conflictMessage });
    const unchanged = await ctx.db.selectFrom('events').select('start_time').where('id', '=', otherDay.id).executeTakeFirstOrThrow();
    expect(unchanged.start_time).toBe('2026-11-30T09:00:00.000Z');
  });

  it('finds no conflicts today, until the vacations feature fills the finder', async () => {
    expect(await findConfirmedVacationConflicts(ctx.db, companyId, [onVacation.id], ['2026-11-28'])).toEqual([]);
  });
});
