import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { signInAs, type SignedInUser } from '../../test/sign-in';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const concert = { name: 'Concierto', location: 'Palacio de Deportes', date: '2026-11-28T18:00:00.000Z', endDate: '2026-11-28T23:00:00.000Z' };

let ctx: TestContext;
let employee: SignedInUser;
let colleague: SignedInUser;
let supervisor: SignedInUser;
let secondSupervisor: SignedInUser;
let foreignEmployee: SignedInUser;
let foreignSupervisor: SignedInUser;
let admin: SignedInUser;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  ctx.request({ method, url, cookie, ...(payload ? { payload } : {}) });

/** Every notification row, by recipient: what each person was told, oldest first. */
async function everyone(): Promise<Record<string, string[]>> {
  const rows = await ctx.db.selectFrom('notifications').select(['user_id', 'kind']).orderBy('created_at').orderBy('id').execute();
  const byUser: Record<string, string[]> = {};
  for (const row of rows) (byUser[row.user_id] ??= []).push(row.kind);
  return byUser;
}

/** What the change told whom, as the difference of `everyone()` before and after. */
async function toldBy(change: () => Promise<unknown>): Promise<Record<string, string[]>> {
  const before = await everyone();
  await change();
  const after = await everyone();
  const told: Record<string, string[]> = {};
  for (const [userId, kinds] of Object.entries(after)) {
    const fresh = kinds.slice(before[userId]?.length ?? 0);
    if (fresh.length) told[userId] = fresh;
  }
  return told;
}

const expectStatus = async (response: Promise<{ statusCode: number; body: string }>, status: number) => {
  const done = await response;
  expect(done.statusCode, done.body).toBe(status);
  return JSON.parse(done.body || 'null');
};

beforeAll(async () => {
  ctx = await createTestContext();
  const home = await ctx.factories.company('Norte');
  const other = await ctx.factories.company('Sur');
  employee = await signInAs(ctx, 'Empleado', home.id, { name: 'Juan Pérez' });
  colleague = await signInAs(ctx, 'Empleado', home.id, { name: 'Lucía García' });
  supervisor = await signInAs(ctx, 'Supervisor', home.id, { name: 'Marta López' });
  secondSupervisor = await signInAs(ctx, 'Supervisor', home.id, { name: 'Pablo Gil' });
  foreignEmployee = await signInAs(ctx, 'Empleado', other.id);
  foreignSupervisor = await signInAs(ctx, 'Supervisor', other.id);
  admin = await signInAs(ctx, 'Administrador');
});
afterAll(() => ctx.close());

describe('event notifications reach exactly the staff concerned', () => {
  let eventId: string;

  it('assigned: each person assigned, not the supervisor who did it, nobody of another company', async () => {
    const told = await toldBy(async () => {
      const created = await expectStatus(call('POST', '/api/events', supervisor.cookie, { ...concert, assignedEmployees: [employee.id, supervisor.id] }), 201);
      eventId = created.items[0].id;
    });
    expect(told).toEqual({ [employee.id]: ['event.assigned'] });
    const [item] = (await expectStatus(call('GET', '/api/notifications', employee.cookie), 200)).items;
    expect(item).toMatchObject({ kind: 'event.assigned', title: 'Nuevo turno asignado', link: '/dashboard/shifts', readAt: null });
    expect(item.body).toContain('«Concierto»');
    expect(item.body).toContain('Palacio de Deportes');
  });

  it('assignments replaced: the newcomer is assigned, the one taken off is told so, the one who stays hears nothing', async () => {
    const told = await toldBy(() => expectStatus(call('PUT', `/api/events/${eventId}/assignments`, supervisor.cookie, { assignedEmployees: [colleague.id] }), 200));
    expect(told).toEqual({ [colleague.id]: ['event.assigned'], [employee.id]: ['event.unassigned'] });
    const again = await toldBy(() => expectStatus(call('PUT', `/api/events/${eventId}/assignments`, supervisor.cookie, { assignedEmployees: [colleague.id, employee.id] }), 200));
    expect(again).toEqual({ [employee.id]: ['event.assigned'] });
  });

  it('time or place changed: the staff who stay; a change of name alone tells nobody', async () => {
    const renamed = await toldBy(() => expectStatus(call('PUT', `/api/events/${eventId}`, supervisor.cookie, { ...concert, name: 'Concierto de Navidad' }), 200));
    expect(renamed).toEqual({});
    const moved = await toldBy(() =>
      expectStatus(call('PUT', `/api/events/${eventId}`, supervisor.cookie, { ...concert, name: 'Concierto de Navidad', location: 'Estadio', assignedEmployees: [employee.id] }), 200),
    );
    expect(moved).toEqual({ [employee.id]: ['event.changed'], [colleague.id]: ['event.unassigned'] });
    const later = await toldBy(() => expectStatus(call('PUT', `/api/events/${eventId}`, supervisor.cookie, { ...concert, name: 'Concierto de Navidad', location: 'Estadio', date: '2026-11-28T19:00:00.000Z' }), 200));
    expect(later).toEqual({ [employee.id]: ['event.changed'] });
    const [latest] = (await expectStatus(call('GET', '/api/notifications', employee.cookie), 200)).items;
    expect(latest.body).toBe('El evento «Concierto de Navidad» es ahora el 28/11/2026 20:00 en Estadio.');
  });

  it('deleted: the staff it had', async () => {
    const told = await toldBy(() => expectStatus(call('DELETE', `/api/events/${eventId}`, supervisor.cookie), 200));
    expect(told).toEqual({ [employee.id]: ['event.deleted'] });
  });

  it('a refused change notifies nobody (the notification shares its transaction)', async () => {
    const told = await toldBy(() => expectStatus(call('POST', '/api/events', supervisor.cookie, { ...concert, assignedEmployees: [employee.id, foreignEmployee.id] }), 422));
    expect(told).toEqual({});
  });
});

describe('vacation notifications', () => {
  it("requested: the company's supervisors, not the other company's", async () => {
    let id = '';
    const told = await toldBy(async () => {
      id = (await expectStatus(call('POST', '/api/my-vacations', employee.cookie, { dates: ['2026-12-23', '2026-12-24'] }), 201)).id;
    });
    expect(told).toEqual({ [supervisor.id]: ['vacation.requested'], [secondSupervisor.id]: ['vacation.requested'] });
    const [item] = (await expectStatus(call('GET', '/api/notifications', supervisor.cookie), 200)).items;
    expect(item).toMatchObject({ title: 'Nueva solicitud de vacaciones', body: 'Juan Pérez ha solicitado vacaciones (2 días).', link: '/dashboard/vacations' });

    const approved = await toldBy(() => expectStatus(call('POST', `/api/vacations/${id}/approve`, supervisor.cookie), 200));
    expect(approved).toEqual({ [employee.id]: ['vacation.approved'] });
  });

  it('rejected: the employee', async () => {
    const { id } = await expectStatus(call('POST', '/api/my-vacations', colleague.cookie, { dates: ['2027-01-07'] }), 201);
    const told = await toldBy(() => expectStatus(call('POST', `/api/vacations/${id}/reject`, secondSupervisor.cookie), 200));
    expect(told).toEqual({ [colleague.id]: ['vacation.rejected'] });
  });

  it('proposed by a supervisor: the employee; their answer tells nobody', async () => {
    let id = '';
    const told = await toldBy(async () => {
      id = (await expectStatus(call('POST', '/api/vacations', supervisor.cookie, { employeeId: employee.id, dates: ['2027-02-01'] }), 201)).id;
    });
    expect(told).toEqual({ [employee.id]: ['vacation.proposed'] });
    expect(await toldBy(() => expectStatus(call('POST', `/api/my-vacations/${id}/confirm`, employee.cookie, { signature: PNG }), 200))).toEqual({});
  });

  it("another company's people are never told of this one's changes", async () => {
    const all = await everyone();
    expect(all[foreignEmployee.id]).toBeUndefined();
    expect(all[foreignSupervisor.id]).toBeUndefined();
  });
});

describe('reading one’s notifications', () => {
  it('counts the unread, marks one and then all as read; only one’s own', async () => {
    const unread = async (user: SignedInUser) => (await expectStatus(call('GET', '/api/notifications/unread-count', user.cookie), 200)).unread;
    const { items } = await expectStatus(call('GET', '/api/notifications?limit=100', employee.cookie), 200);
    const count = await unread(employee);
    expect(count).toBe(items.length);
    expect(count).toBeGreaterThan(3);

    // Someone else's notification is not found, and stays unread.
    await expectStatus(call('POST', `/api/notifications/${items[0].id}/read`, colleague.cookie), 404);
    await expectStatus(call('POST', `/api/notifications/${items[0].id}/read`, foreignEmployee.cookie), 404);
    expect(await unread(employee)).toBe(count);

    ctx.clock.advance(60_000);
    const marked = await expectStatus(call('POST', `/api/notifications/${items[0].id}/read`, employee.cookie), 200);
    expect(marked.readAt).toBe(ctx.clock().toISOString());
    expect(await unread(employee)).toBe(count - 1);
    // A second time keeps the first instant.
    ctx.clock.advance(60_000);
    expect((await expectStatus(call('POST', `/api/notifications/${items[0].id}/read`, employee.cookie), 200)).readAt).toBe(marked.readAt);

    const supervisorUnread = await unread(supervisor);
    expect(await expectStatus(call('POST', '/api/notifications/read-all', employee.cookie), 200)).toEqual({ marked: count - 1 });
    expect(await unread(employee)).toBe(0);
    expect(await unread(supervisor)).toBe(supervisorUnread);
    await expectStatus(call('GET', '/api/notifications/unread-count', admin.cookie), 403);
  });

  it('pages newest first with a cursor, never repeating or skipping one', async () => {
    for (let day = 1; day <= 5; day += 1) {
      ctx.clock.advance(1_000);
      await expectStatus(call('POST', '/api/vacations', supervisor.cookie, { employeeId: colleague.id, dates: [`2027-03-0${day}`] }), 201);
    }
    const all = (await expectStatus(call('GET', '/api/notifications?limit=100', colleague.cookie), 200)).items as { id: string; createdAt: string }[];
    const sorted = [...all].sort((a, b) => (a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt)));
    expect(all.map((item) => item.id)).toEqual(sorted.map((item) => item.id));

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page: { items: { id: string }[]; nextCursor: string | null } = await expectStatus(call('GET', `/api/notifications?limit=2${query}`, colleague.cookie), 200);
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all.map((item) => item.id));
    await expectStatus(call('GET', '/api/notifications?cursor=nonsense', colleague.cookie), 400);
  });
});
