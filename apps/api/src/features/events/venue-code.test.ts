import { beforeAll, describe, expect, it } from 'vitest';
import { insertTestEvent } from '../../test/factories';
import { signInWhereViewWithheld, useStaffedCompanies } from '../../test/worlds';
import { venueCodeAt, venueCodeForWindow, venueWindowOf } from '../../lib/venue-code';

const { ctx, companyA, employee, colleague, supervisor, foreignSupervisor, admin } = useStaffedCompanies();
const here = { lat: 40.4167754, lng: -3.7037902, accuracy: 12 };

const venueCode = (cookie: string, eventId: string) => ctx.request({ method: 'GET', url: `/api/events/${eventId}/venue-code`, cookie });
const start = (cookie: string, eventId: string, code?: string) =>
  ctx.request({ method: 'POST', url: '/api/time-records/start', cookie, payload: { eventId, location: here, ...(code === undefined ? {} : { venueCode: code }) } });

async function stopActive(cookie: string) {
  const active = (await ctx.request({ method: 'GET', url: '/api/time-records/active', cookie })).json().record;
  if (active) await ctx.request({ method: 'POST', url: `/api/time-records/${active.id}/stop`, cookie, payload: { location: here } });
}

/** An event under way (1 h ago to 3 h ahead of the test clock) that asks for the code unless told not to. */
async function runningEvent(companyId: string, assignedTo: string[], requiresVenueCode = true) {
  const now = ctx.clock().getTime();
  const event = await insertTestEvent(ctx.db, { companyId, start: new Date(now - 3_600_000).toISOString(), end: new Date(now + 3 * 3_600_000).toISOString(), assignedTo });
  await ctx.db.updateTable('events').set({ requires_venue_code: requiresVenueCode ? 1 : 0 }).where('id', '=', event.id).execute();
  return event;
}

async function secretOf(eventId: string): Promise<string> {
  const row = await ctx.db.selectFrom('events').select('venue_secret').where('id', '=', eventId).executeTakeFirstOrThrow();
  return row.venue_secret!;
}

beforeAll(() => {
  // 15 s into a window, so a step of 30 s lands in the next one.
  ctx.clock.set('2026-11-21T10:00:15.000Z');
});

describe('GET /api/events/:id/venue-code', () => {
  it('shows the supervisor the code of the current window, until its end, without caching, and makes the key once', async () => {
    const event = await runningEvent(companyA.id, [employee.id]);
    const response = await venueCode(supervisor.cookie, event.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const body = response.json();
    const secret = await secretOf(event.id);
    expect(Buffer.from(secret, 'base64')).toHaveLength(32);
    expect(body).toEqual({
      code: venueCodeAt(secret, event.id, ctx.clock()),
      qrPayload: `jornada-lugar:${event.id}:${body.code}`,
      windowSeconds: 30,
      validUntil: '2026-11-21T10:00:30.000Z',
      serverTime: '2026-11-21T10:00:15.000Z',
    });
    // Asked again (by the administrator, who may too): the same key, the same digits.
    const again = await venueCode(admin.cookie, event.id);
    expect(again.json().code).toBe(body.code);
    expect(await secretOf(event.id)).toBe(secret);
  });

  it('keeps one key when several supervisors open the code at once', async () => {
    const event = await runningEvent(companyA.id, []);
    const answers = await Promise.all(Array.from({ length: 6 }, () => venueCode(supervisor.cookie, event.id)));
    expect(new Set(answers.map((answer) => answer.json().code)).size).toBe(1);
    expect(answers[0]!.json().code).toBe(venueCodeAt(await secretOf(event.id), event.id, ctx.clock()));
  });

  it("answers 404 for another company's event and 403 to employees and to a supervisor without 'manage-events'", async () => {
    const event = await runningEvent(companyA.id, [employee.id]);
    const foreign = await venueCode(foreignSupervisor.cookie, event.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('No se pudo encontrar el evento.');
    expect((await venueCode(employee.cookie, event.id)).statusCode).toBe(403);
    const withheld = await signInWhereViewWithheld(ctx, 'Sin gestión', 'Supervisor', 'manage-events');
    expect((await venueCode(withheld.cookie, event.id)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: `/api/events/${event.id}/venue-code` })).statusCode).toBe(401);
    const stored = await ctx.db.selectFrom('events').select('venue_secret').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(stored.venue_secret).toBeNull();
  });
});

describe("the event's 'Pedir código del lugar al fichar'", () => {
  it('is off by default, set on create, kept when an edit omits it, and changed by an edit that sends it', async () => {
    const base = { name: 'Feria', location: 'IFEMA', date: '2026-12-01T09:00:00.000Z', endDate: '2026-12-01T13:00:00.000Z' };
    const plain = await ctx.request({ method: 'POST', url: '/api/events', cookie: supervisor.cookie, payload: base });
    expect(plain.json().items[0].requiresVenueCode).toBe(false);
    const created = await ctx.request({ method: 'POST', url: '/api/events', cookie: supervisor.cookie, payload: { ...base, requiresVenueCode: true } });
    expect(created.statusCode).toBe(201);
    const id = created.json().items[0].id;
    expect(created.json().items[0].requiresVenueCode).toBe(true);
    const kept = await ctx.request({ method: 'PUT', url: `/api/events/${id}`, cookie: supervisor.cookie, payload: { ...base, name: 'Feria 2' } });
    expect(kept.json().requiresVenueCode).toBe(true);
    const off = await ctx.request({ method: 'PUT', url: `/api/events/${id}`, cookie: supervisor.cookie, payload: { ...base, requiresVenueCode: false } });
    expect(off.json().requiresVenueCode).toBe(false);
    expect((await ctx.request({ method: 'GET', url: `/api/events/${id}`, cookie: supervisor.cookie })).json().requiresVenueCode).toBe(false);
    const bad = await ctx.request({ method: 'POST', url: '/api/events', cookie: supervisor.cookie, payload: { ...base, requiresVenueCode: 'sí' } });
    expect(bad.statusCode).toBe(400);
  });

  it('shows in the clockable events of the worker', async () => {
    const event = await runningEvent(companyA.id, [colleague.id]);
    const items = (await ctx.request({ method: 'GET', url: '/api/time-records/clockable-events', cookie: colleague.cookie })).json().items;
    expect(items.find((item: { id: string }) => item.id === event.id)).toMatchObject({ requiresVenueCode: true });
  });
});

describe('clock-in with the venue code', () => {
  /** An event that asks for the code, its code shown once (the key exists), the clock back at 10:00:15. */
  async function shownEvent(requiresVenueCode = true) {
    ctx.clock.set('2026-11-21T10:00:15.000Z');
    const event = await runningEvent(companyA.id, [employee.id], requiresVenueCode);
    const shown = (await venueCode(supervisor.cookie, event.id)).json().code as string;
    return { event, shown, secret: await secretOf(event.id) };
  }

  const refusal = async (response: Awaited<ReturnType<typeof start>>) => ({ status: response.statusCode, error: response.json().error });

  it('accepts the code of the current window and records the evidence', async () => {
    const { event, shown } = await shownEvent();
    ctx.clock.set('2026-11-21T10:00:29.999Z');
    const response = await start(employee.cookie, event.id, shown);
    expect(response.statusCode).toBe(201);
    expect(response.json().presence).toEqual({ start: { venueCode: true } });
    const stored = await ctx.db.selectFrom('time_records').select('presence').where('id', '=', response.json().id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.presence!)).toEqual({ start: { venueCode: true } });
    await stopActive(employee.cookie);
  });

  it('accepts the code of the previous window (it changed while the worker typed)', async () => {
    const { event, shown } = await shownEvent();
    ctx.clock.set('2026-11-21T10:00:59.999Z');
    expect((await start(employee.cookie, event.id, shown)).statusCode).toBe(201);
    await stopActive(employee.cookie);
  });

  it('refuses a code two windows old as expired, a wrong one as wrong, and none as missing; nothing is written', async () => {
    const { event, shown, secret } = await shownEvent();
    ctx.clock.set('2026-11-21T10:01:00.000Z');
    expect(await refusal(await start(employee.cookie, event.id, shown))).toEqual({
      status: 422,
      error: { code: 'VENUE_CODE_EXPIRED', message: 'El código del lugar ha caducado: escanea el que se ve ahora.' },
    });
    // Ten minutes old: still recognised as an expired code.
    const old = venueCodeForWindow(secret, event.id, venueWindowOf(ctx.clock()) - 20);
    expect((await refusal(await start(employee.cookie, event.id, old))).error.code).toBe('VENUE_CODE_EXPIRED');
    const current = venueCodeAt(secret, event.id, ctx.clock());
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, '0');
    expect(await refusal(await start(employee.cookie, event.id, wrong))).toEqual({
      status: 422,
      error: { code: 'VENUE_CODE_INVALID', message: 'El código del lugar no es correcto.' },
    });
    expect(await refusal(await start(employee.cookie, event.id))).toEqual({
      status: 422,
      error: { code: 'VENUE_CODE_REQUIRED', message: 'Este evento pide el código del lugar: escanéalo o escribe sus 6 cifras.' },
    });
    const badFormat = await start(employee.cookie, event.id, '12ab56');
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().error.message).toBe('El código del lugar son 6 cifras.');
    expect(await ctx.db.selectFrom('time_records').select('id').where('event_id', '=', event.id).execute()).toHaveLength(0);
    // The code of now is accepted after the refusals.
    expect((await start(employee.cookie, event.id, current)).statusCode).toBe(201);
    await stopActive(employee.cookie);
  });

  it("refuses any code for an event whose code was never shown, and another event's code", async () => {
    ctx.clock.set('2026-11-21T10:00:15.000Z');
    const never = await runningEvent(companyA.id, [employee.id]);
    expect((await refusal(await start(employee.cookie, never.id, '123456'))).error.code).toBe('VENUE_CODE_INVALID');
    const { shown } = await shownEvent();
    const other = await runningEvent(companyA.id, [employee.id]);
    await venueCode(supervisor.cookie, other.id);
    // The key and the event id are both in the code: one event's digits do not open another.
    expect((await refusal(await start(employee.cookie, other.id, shown))).error.code).toBe('VENUE_CODE_INVALID');
  });

  it('records a valid code where none is required, and ignores a wrong one there', async () => {
    const { event, shown } = await shownEvent(false);
    const withCode = await start(employee.cookie, event.id, shown);
    expect(withCode.statusCode).toBe(201);
    expect(withCode.json().presence).toEqual({ start: { venueCode: true } });
    await stopActive(employee.cookie);
    const wrong = String((Number(shown) + 1) % 1_000_000).padStart(6, '0');
    const plain = await start(employee.cookie, event.id, wrong);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().presence).toBeNull();
    await stopActive(employee.cookie);
    expect((await start(employee.cookie, event.id)).statusCode).toBe(201);
    await stopActive(employee.cookie);
  });

  it('asks nothing of the clock-out', async () => {
    const { event, shown } = await shownEvent();
    const record = (await start(employee.cookie, event.id, shown)).json();
    ctx.clock.advance(10 * 60_000);
    const stopped = await ctx.request({ method: 'POST', url: `/api/time-records/${record.id}/stop`, cookie: employee.cookie, payload: { location: here } });
    expect(stopped.statusCode).toBe(200);
  });

  it("keeps another company's worker out as before (404, not a code refusal)", async () => {
    const { event, shown } = await shownEvent();
    const foreign = await ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: foreignSupervisor.cookie, payload: { eventId: event.id, location: here, venueCode: shown } });
    expect(foreign.statusCode).toBe(404);
  });
});
