import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { distanceMeters } from '@jornada/shared/geo';
import { verifyRegistro } from '../../ledgers/registro-chain/registro-verify';
import { payloadHashOf, timeRecordPayload } from '../../ledgers/registro-chain/registro-chain';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertTestEvent } from '../../test/factories';

// Issue 24, item 3: the event's point and radius, the clock-in's and clock-out's geofence.

let ctx: TestContext;
let companyA: { id: string };
let companyB: { id: string };
interface Person { id: string; cookie: string }
let employee: Person;
let supervisor: Person;
let otherSupervisor: Person;
let adminCookie: string;

const venue = { lat: 40.4168, lng: -3.7038 };
/** 0.0027 degrees of latitude north: about 300 m. */
const threeHundredMetres = { lat: 40.4195, lng: -3.7038 };
/** 0.0108 degrees north: about 1.2 km. */
const oneKilometreAway = { lat: 40.4276, lng: -3.7038 };

async function person(role: 'Empleado' | 'Supervisor', companyId: string): Promise<Person> {
  const user = await ctx.factories.user({ role, companyId });
  return { id: user.id, cookie: await ctx.login(user.username, user.password) };
}

/** A running event (1 hour ago to 3 hours ahead) with a point, or none. */
async function runningEvent(place: { lat: number; lng: number; radius?: number | null } | null, companyId = companyA.id) {
  const now = ctx.clock().getTime();
  const event = await insertTestEvent(ctx.db, {
    companyId,
    start: new Date(now - 3_600_000).toISOString(),
    end: new Date(now + 3 * 3_600_000).toISOString(),
    assignedTo: [employee.id],
  });
  if (place) await ctx.db.updateTable('events').set({ geo_lat: place.lat, geo_lng: place.lng, geo_radius_m: place.radius ?? null }).where('id', '=', event.id).execute();
  return event;
}

async function setMode(companyId: string, mode: 'flag' | 'refuse') {
  await ctx.db.deleteFrom('company_settings').where('company_id', '=', companyId).execute();
  await ctx.db.insertInto('company_settings').values({ company_id: companyId, geofence_mode: mode, updated_at: ctx.clock().toISOString() }).execute();
}

const start = (eventId: string, location: object) => ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: employee.cookie, payload: { eventId, location } });
const stop = (id: string, location: object) => ctx.request({ method: 'POST', url: `/api/time-records/${id}/stop`, cookie: employee.cookie, payload: { location } });

async function storedRow(id: string) {
  return ctx.db.selectFrom('time_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The registro's last entry for the record seals exactly the stored row. */
async function expectSealedAsStored(id: string) {
  const row = await storedRow(id);
  const entry = await ctx.db.selectFrom('registro_chain').selectAll().where('subject_id', '=', id).orderBy('seq', 'desc').executeTakeFirstOrThrow();
  const { hash: _hash, ...rest } = row;
  expect(entry.payload_hash).toBe(payloadHashOf(timeRecordPayload({ ...rest, duration: rest.duration === null ? null : Number(rest.duration), corrected: Number(rest.corrected) })));
  expect((await verifyRegistro(ctx.db, ctx.clock())).ok).toBe(true);
}

beforeAll(async () => {
  ctx = await createTestContext();
  companyA = await ctx.factories.company('Norte');
  companyB = await ctx.factories.company('Sur');
  employee = await person('Empleado', companyA.id);
  supervisor = await person('Supervisor', companyA.id);
  otherSupervisor = await person('Supervisor', companyB.id);
  const admin = await ctx.factories.user({ role: 'Administrador' });
  adminCookie = await ctx.login(admin.username, admin.password);
});
afterAll(() => ctx.close());
// A failed test must not leave a running timer that refuses the next test's clock-in.
afterEach(async () => {
  const active = (await ctx.request({ method: 'GET', url: '/api/time-records/active', cookie: employee.cookie })).json().record;
  if (active) await stop(active.id, venue);
});

describe('the test points', () => {
  it('are where the tests say', () => {
    expect(distanceMeters(venue, threeHundredMetres)).toBe(300);
    expect(distanceMeters(venue, oneKilometreAway)).toBe(1201);
  });
});

describe('clock-in geofence', () => {
  it('accepts a clock-in inside the zone and keeps the distance, the radius and the accuracy', async () => {
    await setMode(companyA.id, 'refuse');
    const event = await runningEvent({ ...venue, radius: null });
    const response = await start(event.id, { ...venue, accuracy: 15 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ flags: [], presence: { start: { distanceM: 0, radiusM: 200, accuracyM: 15 } } });
    const stopped = await stop(response.json().id, { ...venue, accuracy: 8 });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ flags: [], presence: { start: { distanceM: 0 }, end: { distanceM: 0, radiusM: 200, accuracyM: 8 } } });
    await expectSealedAsStored(response.json().id);
  });

  it('gives the benefit of the reported accuracy: 300 m away with 120 m accuracy is inside a 200 m zone', async () => {
    await setMode(companyA.id, 'refuse');
    const event = await runningEvent({ ...venue, radius: 200 });
    const response = await start(event.id, { ...threeHundredMetres, accuracy: 120 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ flags: [], presence: { start: { distanceM: 300, radiusM: 200, accuracyM: 120 } } });
    await stop(response.json().id, venue);
  });

  it('refuses the same place with a precise fix in refuse mode, with the distance in Spanish, and writes nothing', async () => {
    await setMode(companyA.id, 'refuse');
    const event = await runningEvent({ ...venue, radius: 200 });
    const near = await start(event.id, { ...threeHundredMetres, accuracy: 20 });
    expect(near.statusCode).toBe(409);
    expect(near.json().error).toMatchObject({ code: 'OUTSIDE_EVENT_ZONE', message: 'Estás a 300 m del evento.' });
    const far = await start(event.id, { ...oneKilometreAway, accuracy: 10 });
    expect(far.statusCode).toBe(409);
    expect(far.json().error).toMatchObject({ code: 'OUTSIDE_EVENT_ZONE', message: 'Estás a 1,2 km del evento.' });
    // Without an accuracy there is no benefit of the doubt.
    expect((await start(event.id, threeHundredMetres)).statusCode).toBe(409);
    const records = await ctx.db.selectFrom('time_records').select('id').where('event_id', '=', event.id).execute();
    expect(records).toEqual([]);
    // Inside, the same worker clocks in.
    const inside = await start(event.id, venue);
    expect(inside.statusCode).toBe(201);
    await stop(inside.json().id, venue);
  });

  it('flags the clock-in "Fuera de zona" in flag mode and shows it in the supervisor\'s time log', async () => {
    await setMode(companyA.id, 'flag');
    const event = await runningEvent({ ...venue, radius: 500 });
    const response = await start(event.id, { ...oneKilometreAway, accuracy: 30 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ flags: ['fuera-de-zona'], presence: { start: { distanceM: 1201, radiusM: 500, accuracyM: 30 } } });
    await expectSealedAsStored(response.json().id);
    const log = await ctx.request({ method: 'GET', url: `/api/time-records?eventId=${event.id}`, cookie: supervisor.cookie });
    expect(log.statusCode).toBe(200);
    expect(log.json().records[0]).toMatchObject({ id: response.json().id, flags: ['fuera-de-zona'], presence: { start: { distanceM: 1201 } } });
    await stop(response.json().id, venue);
  });

  it('uses the default flag mode for a company without settings', async () => {
    await ctx.db.deleteFrom('company_settings').where('company_id', '=', companyA.id).execute();
    const event = await runningEvent({ ...venue });
    const response = await start(event.id, oneKilometreAway);
    expect(response.statusCode).toBe(201);
    expect(response.json().flags).toEqual(['fuera-de-zona']);
    await stop(response.json().id, venue);
  });

  it('leaves a clock-in and clock-out of an event without a point untouched', async () => {
    await setMode(companyA.id, 'refuse');
    const event = await runningEvent(null);
    const response = await start(event.id, oneKilometreAway);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ flags: [], presence: null });
    const stopped = await stop(response.json().id, oneKilometreAway);
    expect(stopped.json()).toMatchObject({ flags: [], presence: null });
    const row = await storedRow(response.json().id);
    expect(row).toMatchObject({ flags: '', presence: null });
    await expectSealedAsStored(response.json().id);
  });
});

describe('clock-out geofence', () => {
  it('never refuses a clock-out in refuse mode: it is flagged, keeping the clock-in evidence, and sealed as stored', async () => {
    await setMode(companyA.id, 'refuse');
    const event = await runningEvent({ ...venue, radius: 200 });
    const started = await start(event.id, { ...venue, accuracy: 10 });
    expect(started.statusCode).toBe(201);
    ctx.clock.advance(60 * 60_000);
    const stopped = await stop(started.json().id, { ...oneKilometreAway, accuracy: 25 });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({
      status: 'completado',
      flags: ['fuera-de-zona'],
      presence: { start: { distanceM: 0, radiusM: 200, accuracyM: 10 }, end: { distanceM: 1201, radiusM: 200, accuracyM: 25 } },
    });
    const row = await storedRow(started.json().id);
    expect(row.flags).toBe('fuera-de-zona');
    expect(JSON.parse(row.presence!)).toEqual({ start: { distanceM: 0, radiusM: 200, accuracyM: 10 }, end: { distanceM: 1201, radiusM: 200, accuracyM: 25 } });
    await expectSealedAsStored(started.json().id);
  });

  it('merges a flag already on the record without repeating it', async () => {
    await setMode(companyA.id, 'flag');
    const event = await runningEvent({ ...venue, radius: 200 });
    const started = await start(event.id, oneKilometreAway);
    expect(started.json().flags).toEqual(['fuera-de-zona']);
    const stopped = await stop(started.json().id, oneKilometreAway);
    expect(stopped.json().flags).toEqual(['fuera-de-zona']);
    expect((await storedRow(started.json().id)).flags).toBe('fuera-de-zona');
    await expectSealedAsStored(started.json().id);
  });
});

describe('the event place in the events API', () => {
  const body = { name: 'Feria', location: 'IFEMA', date: '2026-11-28T18:00:00.000Z', endDate: '2026-11-28T23:00:00.000Z' };
  const post = (cookie: string, payload: object) => ctx.request({ method: 'POST', url: '/api/events', cookie, payload });
  const put = (cookie: string, id: string, payload: object) => ctx.request({ method: 'PUT', url: `/api/events/${id}`, cookie, payload });
  const get = (cookie: string, id: string) => ctx.request({ method: 'GET', url: `/api/events/${id}`, cookie });

  it('creates an event with a point and the default radius, and one without', async () => {
    const placed = await post(supervisor.cookie, { ...body, geoLat: venue.lat, geoLng: venue.lng });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().items[0]).toMatchObject({ geoLat: venue.lat, geoLng: venue.lng, geoRadiusM: 200 });
    const plain = await post(supervisor.cookie, body);
    expect(plain.json().items[0]).toMatchObject({ geoLat: null, geoLng: null, geoRadiusM: null });
    const explicitNull = await post(supervisor.cookie, { ...body, geoLat: null, geoLng: null, geoRadiusM: 300 });
    expect(explicitNull.json().items[0]).toMatchObject({ geoLat: null, geoLng: null, geoRadiusM: null });
  });

  it('gives every day of a constant event the point, and lists and details show it', async () => {
    const response = await post(supervisor.cookie, { ...body, type: 'constant', endDate: '2026-12-04T23:00:00.000Z', repeatDays: [4, 5], geoLat: 41.387, geoLng: 2.1701, geoRadiusM: 750 });
    expect(response.statusCode).toBe(201);
    const items = response.json().items;
    expect(items.length).toBe(2);
    for (const item of items) expect(item).toMatchObject({ geoLat: 41.387, geoLng: 2.1701, geoRadiusM: 750 });
    expect((await get(supervisor.cookie, items[1].id)).json()).toMatchObject({ geoLat: 41.387, geoLng: 2.1701, geoRadiusM: 750 });
    const list = await ctx.request({ method: 'GET', url: '/api/events?status=Programado&q=Feria', cookie: supervisor.cookie });
    const listed = list.json().items.find((item: { id: string }) => item.id === items[0].id);
    expect(listed).toMatchObject({ geoLat: 41.387, geoLng: 2.1701, geoRadiusM: 750 });
  });

  it('validates the point and the radius with Spanish messages', async () => {
    const refused = async (payload: object) => {
      const response = await post(supervisor.cookie, { ...body, ...payload });
      expect(response.statusCode).toBe(400);
      return response.json().error.message;
    };
    expect(await refused({ geoLat: 40.4 })).toBe('Indica la latitud y la longitud del punto del evento, o ninguna de las dos.');
    expect(await refused({ geoLat: 40.4, geoLng: null })).toBe('Indica la latitud y la longitud del punto del evento, o ninguna de las dos.');
    expect(await refused({ geoLat: 95, geoLng: 0 })).toBe('La latitud debe ser un número entre -90 y 90.');
    expect(await refused({ geoLat: 40, geoLng: -181 })).toBe('La longitud debe ser un número entre -180 y 180.');
    expect(await refused({ geoLat: '40', geoLng: 3 })).toBe('La latitud debe ser un número entre -90 y 90.');
    expect(await refused({ geoLat: 40, geoLng: 3, geoRadiusM: 10 })).toBe('El radio debe ser un número entero de metros entre 20 y 5000.');
    expect(await refused({ geoLat: 40, geoLng: 3, geoRadiusM: 5001 })).toBe('El radio debe ser un número entero de metros entre 20 y 5000.');
    expect(await refused({ geoLat: 40, geoLng: 3, geoRadiusM: 150.5 })).toBe('El radio debe ser un número entero de metros entre 20 y 5000.');
  });

  it('keeps the point on an edit that omits it, changes the radius alone, and removes it with null', async () => {
    const id = (await post(supervisor.cookie, { ...body, geoLat: venue.lat, geoLng: venue.lng })).json().items[0].id;
    const kept = await put(supervisor.cookie, id, { ...body, name: 'Feria 2' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Feria 2', geoLat: venue.lat, geoLng: venue.lng, geoRadiusM: 200 });
    expect((await put(supervisor.cookie, id, { ...body, geoRadiusM: 400 })).json()).toMatchObject({ geoLat: venue.lat, geoRadiusM: 400 });
    expect((await put(supervisor.cookie, id, { ...body, geoLat: 41.5, geoLng: 2.1 })).json()).toMatchObject({ geoLat: 41.5, geoLng: 2.1, geoRadiusM: 200 });
    expect((await put(supervisor.cookie, id, { ...body, geoLat: null, geoLng: null })).json()).toMatchObject({ geoLat: null, geoLng: null, geoRadiusM: null });
    // A radius alone does not make a place.
    expect((await put(supervisor.cookie, id, { ...body, geoRadiusM: 400 })).json()).toMatchObject({ geoLat: null, geoRadiusM: null });
  });

  it("keeps another company's event place out of reach (404) and out of its lists", async () => {
    const id = (await post(supervisor.cookie, { ...body, name: 'Privado', geoLat: venue.lat, geoLng: venue.lng })).json().items[0].id;
    expect((await put(otherSupervisor.cookie, id, { ...body, geoLat: 0, geoLng: 0 })).statusCode).toBe(404);
    expect((await put(otherSupervisor.cookie, id, { ...body, geoLat: null, geoLng: null })).statusCode).toBe(404);
    expect((await get(otherSupervisor.cookie, id)).statusCode).toBe(404);
    const list = await ctx.request({ method: 'GET', url: '/api/events?status=Programado', cookie: otherSupervisor.cookie });
    expect(list.json().items.map((item: { id: string }) => item.id)).not.toContain(id);
    expect(await get(supervisor.cookie, id).then((response) => response.json())).toMatchObject({ geoLat: venue.lat, geoLng: venue.lng });
    // The administrator sees it.
    expect((await get(adminCookie, id)).json()).toMatchObject({ geoLat: venue.lat, geoLng: venue.lng, geoRadiusM: 200 });
  });

  it("judges a clock-in against its own event's point only, not another company's", async () => {
    await setMode(companyA.id, 'refuse');
    await setMode(companyB.id, 'flag');
    await runningEvent({ ...oneKilometreAway, radius: 20 }, companyB.id);
    const event = await runningEvent({ ...venue, radius: 200 });
    const response = await start(event.id, venue);
    expect(response.statusCode).toBe(201);
    expect(response.json().flags).toEqual([]);
    await stop(response.json().id, venue);
  });
});
