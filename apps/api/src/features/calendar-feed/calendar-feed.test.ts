import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecretToken } from '../../lib/secret-tokens';
import { insertTestEvent } from '../../test/factories';
import { lastAction } from '../../test/last-action';
import { arrangeTwoCompanies, signInAs, type SignedInUser, type TwoCompanies } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let two: TwoCompanies;
let colleague: SignedInUser;

const DAY = 86_400_000;

/** The ICS text with its folded lines joined again (RFC 5545 §3.1). */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
const pathOf = (url: string) => new URL(url).pathname;

async function createFeed(cookie: string) {
  const response = await ctx.request({ method: 'POST', url: '/api/calendar-feed', cookie });
  expect(response.statusCode).toBe(201);
  return response.json() as { url: string; webcalUrl: string; active: boolean; createdAt: string; lastUsedAt: null };
}

async function read(url: string) {
  return ctx.request({ method: 'GET', url: pathOf(url) });
}

beforeAll(async () => {
  ctx = await createTestContext();
  two = await arrangeTwoCompanies(ctx);
  colleague = await signInAs(ctx, 'Empleado', two.home.id, { name: 'Carla Compañera' });
  const now = ctx.clock().getTime();
  await insertTestEvent(ctx.db, { companyId: two.home.id, name: 'Concierto Estadio', location: 'Estadio Municipal, Puerta 3', start: new Date(now + 2 * DAY).toISOString(), end: new Date(now + 2 * DAY + 8 * 3_600_000).toISOString(), assignedTo: [two.employee.id, colleague.id] });
  await insertTestEvent(ctx.db, { companyId: two.home.id, name: 'Feria de Muestras', start: new Date(now - 10 * DAY).toISOString(), end: new Date(now - 10 * DAY + 6 * 3_600_000).toISOString(), assignedTo: [two.employee.id] });
  await insertTestEvent(ctx.db, { companyId: two.home.id, name: 'Turno Antiguo', start: new Date(now - 90 * DAY).toISOString(), end: new Date(now - 90 * DAY + 3_600_000).toISOString(), assignedTo: [two.employee.id] });
  await insertTestEvent(ctx.db, { companyId: two.home.id, name: 'Solo Compañera', start: new Date(now + DAY).toISOString(), end: new Date(now + DAY + 3_600_000).toISOString(), assignedTo: [colleague.id] });
});
afterAll(() => ctx.close());

describe('the calendar address of my shifts', () => {
  it('is made once, shown once with its webcal twin, and only its hash is stored', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/calendar-feed', cookie: two.employee.cookie })).json()).toEqual({ active: false, createdAt: null, lastUsedAt: null });
    const response = await ctx.request({ method: 'POST', url: '/api/calendar-feed', cookie: two.employee.cookie });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const created = response.json();
    expect(created.url).toMatch(/^http:\/\/localhost:3000\/api\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(created.webcalUrl).toBe(created.url.replace('http:', 'webcal:'));
    const token = /calendar\/(.+)\.ics$/.exec(created.url)![1]!;
    const row = await ctx.db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', two.employee.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: two.home.id, token_hash: hashSecretToken(token), last_used_at: null });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await lastAction(ctx, 'calendar-feed.create')).toMatchObject({ company_id: two.home.id, actor_id: two.employee.id });
    const status = (await ctx.request({ method: 'GET', url: '/api/calendar-feed', cookie: two.employee.cookie })).json();
    expect(status).toEqual({ active: true, createdAt: ctx.clock().toISOString(), lastUsedAt: null });
    expect(JSON.stringify(status)).not.toContain(token);
  });

  it('serves the person’s own shifts of the last 60 days and ahead as ICS, without a session', async () => {
    const { url } = await createFeed(two.employee.cookie);
    const response = await read(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = unfold(response.body);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('X-WR-CALNAME:Mis turnos · Jornada');
    expect(text).toContain('SUMMARY:Concierto Estadio');
    expect(text).toContain('LOCATION:Estadio Municipal\\, Puerta 3');
    expect(text).toContain('SUMMARY:Feria de Muestras');
    expect(text).not.toContain('Turno Antiguo');
    expect(text).not.toContain('Solo Compañera');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // Times in UTC, so every calendar shows them in its own zone.
    const concert = /BEGIN:VEVENT(?:(?!END:VEVENT)[\s\S])*SUMMARY:Concierto Estadio[\s\S]*?END:VEVENT/.exec(text)![0];
    const start = new Date(ctx.clock().getTime() + 2 * DAY);
    const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(concert).toContain(`DTSTART:${stamp(start)}`);
    expect(concert).toContain(`DTEND:${stamp(new Date(start.getTime() + 8 * 3_600_000))}`);
    expect(concert).toMatch(/UID:evt[^\r]*@localhost:3000/);
    const row = await ctx.db.selectFrom('calendar_feeds').select('last_used_at').where('user_id', '=', two.employee.id).executeTakeFirstOrThrow();
    expect(row.last_used_at).toBe(ctx.clock().toISOString());
  });

  it('a new address ends the previous one, and revoking ends the last', async () => {
    const first = await createFeed(two.employee.cookie);
    const second = await createFeed(two.employee.cookie);
    expect((await read(first.url)).statusCode).toBe(404);
    expect((await read(second.url)).statusCode).toBe(200);
    const revoked = await ctx.request({ method: 'DELETE', url: '/api/calendar-feed', cookie: two.employee.cookie });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ active: false, createdAt: null, lastUsedAt: null });
    expect(await lastAction(ctx, 'calendar-feed.revoke')).toMatchObject({ actor_id: two.employee.id });
    const gone = await read(second.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('No se ha encontrado el calendario.');
    const again = await ctx.request({ method: 'DELETE', url: '/api/calendar-feed', cookie: two.employee.cookie });
    expect(again.statusCode).toBe(404);
  });

  it('opens nothing once the account is disabled, moved to another company, or its company withholds Mis Turnos', async () => {
    const { url } = await createFeed(colleague.cookie);
    expect((await read(url)).statusCode).toBe(200);

    await ctx.db.updateTable('users').set({ is_disabled: 1 }).where('id', '=', colleague.id).execute();
    expect((await read(url)).statusCode).toBe(404);
    await ctx.db.updateTable('users').set({ is_disabled: 0 }).where('id', '=', colleague.id).execute();
    expect((await read(url)).statusCode).toBe(200);

    await ctx.db.updateTable('users').set({ company_id: two.other.id }).where('id', '=', colleague.id).execute();
    expect((await read(url)).statusCode).toBe(404);
    await ctx.db.updateTable('users').set({ company_id: two.home.id }).where('id', '=', colleague.id).execute();

    const grant = await ctx.db.selectFrom('company_permissions').selectAll().where('company_id', '=', two.home.id).where('view_id', '=', 'shifts').where('role_id', '=', 'role-employee').executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('company_permissions').where('company_id', '=', two.home.id).where('view_id', '=', 'shifts').where('role_id', '=', 'role-employee').execute();
    expect((await read(url)).statusCode).toBe(404);
    await ctx.db.insertInto('company_permissions').values(grant).execute();
    expect((await read(url)).statusCode).toBe(200);
  });

  it('answers an unknown or malformed address 404, and the Administrador has no shifts to publish', async () => {
    for (const path of ['/api/public/calendar/nada.ics', `/api/public/calendar/${'A'.repeat(43)}.ics`, `/api/public/calendar/${'A'.repeat(43)}`]) {
      const response = await ctx.request({ method: 'GET', url: path });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('No se ha encontrado el calendario.');
    }
    expect((await ctx.request({ method: 'POST', url: '/api/calendar-feed', cookie: two.admin.cookie })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/calendar-feed' })).statusCode).toBe(401);
  });
});
