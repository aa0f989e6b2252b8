import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyRegistro } from '../../ledgers/registro-chain/registro-verify';
import { insertTestEvent } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/test-app';

/** Issue 24, item 2: punches queued on a phone without connection and sent later (decision 040). */

let ctx: TestContext;
let companyA: { id: string };
let companyB: { id: string };
const here = { lat: 40.4167754, lng: -3.7037902, accuracy: 12 };
const MIN = 60_000;
const HOUR = 60 * MIN;

interface Person { id: string; cookie: string; name: string }
let supervisor: Person;
let foreignEmployee: Person;
let adminCookie: string;

async function person(role: 'Empleado' | 'Supervisor', companyId: string, name: string): Promise<Person> {
  const user = await ctx.factories.user({ role, companyId, name });
  return { id: user.id, name, cookie: await ctx.login(user.username, user.password) };
}

/** A fresh worker of company A, so each test starts without records or timers. */
const worker = (name = 'Juan Pérez') => person('Empleado', companyA.id, name);

const at = (offsetMs: number) => new Date(ctx.clock().getTime() + offsetMs).toISOString();

function event(companyId: string, assignedTo: string[], offsets = { startMin: -10 * 60, endMin: 6 * 60 }, name = 'Feria') {
  return insertTestEvent(ctx.db, { companyId, name, start: at(offsets.startMin * MIN), end: at(offsets.endMin * MIN), assignedTo });
}

type Punch = Record<string, unknown>;
const send = (cookie: string | undefined, payload: Punch) => ctx.request({ method: 'POST', url: '/api/time-records/offline-punches', cookie, payload });

/** A queued punch made `agoMs` before now, anchored to the server's clock seen `anchorAgoMs` earlier still. */
function punch(kind: 'entrada' | 'salida', agoMs: number, extra: Punch = {}, anchorBeforeMs = 20 * MIN): Punch {
  const madeAt = ctx.clock().getTime() - agoMs;
  return {
    clientId: randomUUID(),
    kind,
    // The phone's clock runs 7 minutes fast: the anchored estimate must win.
    phoneTime: new Date(madeAt + 7 * MIN).toISOString(),
    serverAnchor: { serverTime: new Date(madeAt - anchorBeforeMs).toISOString(), elapsedMs: anchorBeforeMs },
    location: here,
    ...extra,
  };
}

async function counts() {
  const [records, chain, actions, punches] = await Promise.all(
    (['time_records', 'registro_chain', 'action_log', 'offline_punches'] as const).map(async (table) => Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)),
  );
  return { records, chain, actions, punches };
}

beforeAll(async () => {
  ctx = await createTestContext();
  companyA = await ctx.factories.company('Norte');
  companyB = await ctx.factories.company('Sur');
  supervisor = await person('Supervisor', companyA.id, 'Marta López');
  foreignEmployee = await person('Empleado', companyB.id, 'Pedro Sur');
  const admin = await ctx.factories.user({ role: 'Administrador' });
  adminCookie = await ctx.login(admin.username, admin.password);
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set('2026-11-21T10:00:00.000Z'));

describe('accepting a queued clock-in and clock-out', () => {
  it('takes the server-anchored time, keeps the phone time and the receipt, flags and seals the record', async () => {
    const juan = await worker();
    const feria = await event(companyA.id, [juan.id]);
    const entrada = punch('entrada', 3 * HOUR, { eventId: feria.id });
    const response = await send(juan.cookie, entrada);
    expect(response.statusCode).toBe(201);
    const { record, duplicate } = response.json();
    expect(duplicate).toBe(false);
    expect(record).toMatchObject({ eventId: feria.id, userId: juan.id, status: 'activo', startTime: at(-3 * HOUR), flags: ['sin-conexion'] });
    expect(record.presence.start.offline).toEqual({ clientId: entrada.clientId, phoneTime: entrada.phoneTime, estimatedTime: at(-3 * HOUR), receivedAt: at(0) });
    const stored = await ctx.db.selectFrom('time_records').select(['start_time', 'created_at', 'flags']).where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ start_time: at(-3 * HOUR), created_at: at(0), flags: 'sin-conexion' });
    const log = await ctx.db.selectFrom('action_log').select('message').where('actor_id', '=', juan.id).where('kind', 'like', 'time-record.%').execute();
    expect(log.map((entry) => entry.message)).toEqual(['Juan Pérez ha iniciado su turno en «Feria» (fichado sin conexión)']);

    // The clock-out, queued too, naming its clock-in by the client id; sent an hour later.
    ctx.clock.advance(HOUR);
    const salida = punch('salida', 2 * HOUR, { startClientId: entrada.clientId }, 0);
    const closed = await send(juan.cookie, salida);
    expect(closed.statusCode).toBe(201);
    expect(closed.json().record).toMatchObject({ id: record.id, status: 'completado', endTime: at(-2 * HOUR), duration: 120, flags: ['sin-conexion'] });
    expect(closed.json().record.presence.start.offline.clientId).toBe(entrada.clientId);
    expect(closed.json().record.presence.end.offline).toMatchObject({ clientId: salida.clientId, receivedAt: at(0) });

    // The time log shows the flag and the evidence to the supervisor; the registro chain holds.
    const logPage = (await ctx.request({ method: 'GET', url: `/api/time-records?userId=${juan.id}`, cookie: supervisor.cookie })).json();
    expect(logPage.records[0]).toMatchObject({ id: record.id, flags: ['sin-conexion'] });
    expect(logPage.records[0].presence.end.offline.clientId).toBe(salida.clientId);
    expect((await verifyRegistro(ctx.db, ctx.clock())).ok).toBe(true);
  });

  it("uses the phone's clock when it never saw the server's", async () => {
    const juan = await worker();
    const feria = await event(companyA.id, [juan.id]);
    const response = await send(juan.cookie, { ...punch('entrada', 30 * MIN, { eventId: feria.id }), serverAnchor: null, phoneTime: at(-45 * MIN) });
    expect(response.statusCode).toBe(201);
    expect(response.json().record.startTime).toBe(at(-45 * MIN));
    expect(response.json().record.presence.start.offline.estimatedTime).toBeNull();
  });

  it('closes the running record when the clock-out names none, and a named record by its id', async () => {
    const juan = await worker();
    const feria = await event(companyA.id, [juan.id]);
    const online = (await ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: juan.cookie, payload: { eventId: feria.id, location: here } })).json();
    ctx.clock.advance(2 * HOUR);
    const closed = await send(juan.cookie, punch('salida', HOUR));
    expect(closed.statusCode).toBe(201);
    expect(closed.json().record).toMatchObject({ id: online.id, duration: 60, flags: ['sin-conexion'] });
    expect(closed.json().record.presence.start).toBeUndefined();

    const second = (await send(juan.cookie, punch('entrada', 30 * MIN, { eventId: feria.id }))).json().record;
    const byId = await send(juan.cookie, punch('salida', 10 * MIN, { recordId: second.id }));
    expect(byId.statusCode).toBe(201);
    expect(byId.json().record).toMatchObject({ id: second.id, status: 'completado', duration: 20 });
    expect((await verifyRegistro(ctx.db, ctx.clock())).ok).toBe(true);
  });

  it('accepts a clock-out after the Sin cierre threshold when it was made before it', async () => {
    const juan = await worker();
    const feria = await event(companyA.id, [juan.id], { startMin: -60, endMin: 60 });
    const entrada = punch('entrada', 30 * MIN, { eventId: feria.id });
    expect((await send(juan.cookie, entrada)).statusCode).toBe(201);
    const salida = punch('salida', -50 * MIN, { startClientId: entrada.clientId }, 0);
    // Sent ten hours after the event ended: made before its end, it is no forgotten clock-out.
    ctx.clock.advance(11 * HOUR);
    const response = await send(juan.cookie, salida);
    expect(response.statusCode).toBe(201);
    expect(response.json().record).toMatchObject({ duration: 80, sinCierre: false });
  });

  it('lets a supervisor clock in offline on an event of the company', async () => {
    const feria = await event(companyA.id, []);
    const response = await send(supervisor.cookie, punch('entrada', 5 * MIN, { eventId: feria.id }));
    expect(response.statusCode).toBe(201);
    const closed = await send(supervisor.cookie, punch('salida', 0));
    expect(closed.statusCode).toBe(201);
  });
});

describe('sending the same punch again', () => {
  it('answers the stored record and writes nothing', async () => {
    const juan = await worker();
    const feria = await event(companyA.id, [juan.id], { startMin: -80 * 60, endMin: 60 });
    const entrada = punch('entrada', 71 * HOUR, { eventId: feria.id });
    const first = (await send(juan.cookie, entrada)).json();
    const before = await counts();
    // Later, past the 72 hours: the first copy was in time.
    ctx.clock.advance(2 * HOUR);
    const again = await send(juan.cookie, entrada);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, record: { id: first.record.id, startTime: first.record.startTime } });
    expect(await counts()).toEqual(before);
  });

  it('answers a resend of a clock-out with the closed record', async () => {
    const juan = await worker();
    const feria = await event(companyA.id, [juan.id]);
    await send(juan.cookie, punch('entrada', HOUR, { eventId: feria.id }));
    const salida = punch('salida', 10 * MIN);
    expect((await send(juan.cookie, salida)).statusCode).toBe(201);
    const before = await counts();
    const again = await send(juan.cookie, salida);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, record: { status: 'completado', duration: 50 } });
    expect(await counts()).toEqual(before);
  });

  it('makes exactly one record when copies arrive at the same time', async () => {
    const juan = await worker();
    const feria = await event(companyA.id, [juan.id]);
    const entrada = punch('entrada', HOUR, { eventId: feria.id });
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(juan.cookie, entrada)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().record.id)).size).toBe(1);
    const rows = await ctx.db.selectFrom('time_records').select('id').where('user_id', '=', juan.id).execute();
    expect(rows).toHaveLength(1);

    const salida = punch('salida', 10 * MIN);
    const closes = await Promise.all(Array.from({ length: 3 }, () => send(juan.cookie, salida)));
    expect(closes.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect(closes.every((answer) => answer.json().record.status === 'completado')).toBe(true);
    expect((await verifyRegistro(ctx.db, ctx.clock())).ok).toBe(true);
  });
});

describe('refusals', () => {
  async function refused(cookie: string, payload: Punch, status: number, message: string) {
    const before = await counts();
    const response = await send(cookie, payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect(await counts()).toEqual(before);
    return response;
  }

  it('refuses a punch made more than 72 hours ago, and one from the future', async () => {
    const juan = await worker();
    const feria = await event(companyA.id, [juan.id], { startMin: -100 * 60, endMin: 60 });
    await refused(juan.cookie, punch('entrada', 72 * HOUR + MIN, { eventId: feria.id }), 422, 'Este fichaje se hizo hace más de 72 horas sin conexión: solicita una corrección con tu hora real.');
    await refused(juan.cookie, punch('entrada', -3 * MIN, { eventId: feria.id }), 422, 'La hora del fichaje es posterior a la del servidor.');
    // The anchor decides, not the phone's clock: a phone clock far behind is no reason to refuse.
    const slowPhone = { ...punch('entrada', 71 * HOUR, { eventId: feria.id }), phoneTime: at(-200 * HOUR) };
    expect((await send(juan.cookie, slowPhone)).statusCode).toBe(201);
    // Within the tolerance of a drifting clock.
    const juana = await worker('Juana Pérez');
    const now = await event(companyA.id, [juana.id]);
    expect((await send(juana.cookie, punch('entrada', -MIN, { eventId: now.id }))).statusCode).toBe(201);
  });

  it("refuses a clock-in outside the event's time, while a timer runs, or over a completed record", async () => {
    const juan = await worker();
    const feria = await event(companyA.id, [juan.id], { startMin: -120, endMin: -60 });
    await refused(juan.cookie, punch('entrada', 50 * MIN, { eventId: feria.id }), 409, 'El evento ya había terminado a esa hora.');
    await refused(juan.cookie, punch('entrada', 130 * MIN, { eventId: feria.id }), 409, 'El evento aún no había empezado a esa hora.');

    const today = await event(companyA.id, [juan.id]);
    const running = await send(juan.cookie, punch('entrada', 5 * HOUR, { eventId: today.id }));
    expect(running.statusCode).toBe(201);
    await refused(juan.cookie, punch('entrada', 4 * HOUR, { eventId: today.id }), 409, 'Ya tienes un turno en curso.');

    expect((await send(juan.cookie, punch('salida', 3 * HOUR))).statusCode).toBe(201);
    // From 5 h to 3 h ago there is a completed record: a clock-in at 4 h ago contradicts it.
    await refused(juan.cookie, punch('entrada', 4 * HOUR, { eventId: today.id }), 409, 'Ya tienes un fichaje completado que cubre esa hora.');
    expect((await send(juan.cookie, punch('entrada', 2 * HOUR, { eventId: today.id }))).statusCode).toBe(201);
  });

  it('refuses a clock-out of a closed record, one not after its start, and one without a record', async () => {
    const juan = await worker();
    const feria = await event(companyA.id, [juan.id]);
    await refused(juan.cookie, punch('salida', 10 * MIN), 409, 'No tenías ningún turno en curso que cerrar.');
    await refused(juan.cookie, punch('salida', 10 * MIN, { startClientId: randomUUID() }), 404, 'No se ha encontrado la entrada de esta salida: puede que se rechazara.');

    const entrada = punch('entrada', 2 * HOUR, { eventId: feria.id });
    const record = (await send(juan.cookie, entrada)).json().record;
    await refused(juan.cookie, punch('salida', 3 * HOUR, { recordId: record.id }), 409, 'La hora de salida no es posterior a la de entrada.');
    // Closed meanwhile online (another device, or the company): the queued clock-out is refused.
    await ctx.request({ method: 'POST', url: `/api/time-records/${record.id}/stop`, cookie: juan.cookie, payload: { location: here } });
    await refused(
      juan.cookie,
      punch('salida', HOUR, { startClientId: entrada.clientId }),
      409,
      'Este fichaje ya está cerrado (por otra persona o por el cierre automático): si la salida no es correcta, solicita una corrección.',
    );
  });

  it('refuses a clock-out made after the Sin cierre threshold', async () => {
    const juan = await worker();
    const feria = await event(companyA.id, [juan.id], { startMin: -6 * 60, endMin: -4 * 60 });
    const record = (await send(juan.cookie, punch('entrada', 5 * HOUR, { eventId: feria.id }))).json().record;
    // The event ended 4 h ago; a clock-out made 1 h ago is past the 2 h of grace.
    await refused(juan.cookie, punch('salida', HOUR, { recordId: record.id }), 409, 'Este fichaje quedó sin cierre: solicita una corrección con tu hora real de salida.');
  });

  it("answers 404 for another company's event or record, and a colleague's record", async () => {
    const juan = await worker();
    const colleague = await worker('Lucía García');
    const foreignEvent = await event(companyB.id, [foreignEmployee.id]);
    const ownEvent = await event(companyA.id, [juan.id, colleague.id]);
    await refused(juan.cookie, punch('entrada', HOUR, { eventId: foreignEvent.id }), 404, 'No se pudo encontrar el evento.');
    await refused(supervisor.cookie, punch('entrada', HOUR, { eventId: foreignEvent.id }), 404, 'No se pudo encontrar el evento.');
    // Not assigned: invisible to an Empleado.
    const unassigned = await event(companyA.id, [colleague.id]);
    await refused(juan.cookie, punch('entrada', HOUR, { eventId: unassigned.id }), 404, 'No se pudo encontrar el evento.');

    const foreignRecord = (await send(foreignEmployee.cookie, punch('entrada', HOUR, { eventId: foreignEvent.id }))).json().record;
    const colleagueRecord = (await send(colleague.cookie, punch('entrada', HOUR, { eventId: ownEvent.id }))).json().record;
    await refused(juan.cookie, punch('salida', 5 * MIN, { recordId: foreignRecord.id }), 404, 'No se ha encontrado el fichaje.');
    await refused(juan.cookie, punch('salida', 5 * MIN, { recordId: colleagueRecord.id }), 404, 'No se ha encontrado el fichaje.');
    await refused(supervisor.cookie, punch('salida', 5 * MIN, { recordId: colleagueRecord.id }), 404, 'No se ha encontrado el fichaje.');
    // Another user's client id is not the caller's: the same id makes a new record for the caller.
    const shared = punch('entrada', HOUR, { eventId: ownEvent.id });
    expect((await send(juan.cookie, { ...shared, clientId: colleagueRecord.presence.start.offline.clientId })).statusCode).toBe(201);
  });

  it('refuses administrators, anonymous callers and bad input with a Spanish reason', async () => {
    const feria = await event(companyA.id, [supervisor.id]);
    expect((await send(adminCookie, punch('entrada', HOUR, { eventId: feria.id }))).statusCode).toBe(403);
    expect((await send(undefined, punch('entrada', HOUR, { eventId: feria.id }))).statusCode).toBe(401);
    const juan = await worker();
    const badId = await send(juan.cookie, { ...punch('entrada', HOUR, { eventId: feria.id }), clientId: 'uno' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toBe('El identificador del fichaje no es válido.');
    const noEvent = await send(juan.cookie, punch('entrada', HOUR));
    expect(noEvent.statusCode).toBe(400);
    expect(noEvent.json().error.message).toBe('Falta el evento del fichaje de entrada.');
    const badTime = await send(juan.cookie, { ...punch('entrada', HOUR, { eventId: feria.id }), phoneTime: 'ayer' });
    expect(badTime.statusCode).toBe(400);
  });
});

describe('the registro', () => {
  it("prints 'Fichado sin conexión' in the Marcas column of the worker's CSV and the company's", async () => {
    const rosa = await worker('Rosa Registro');
    const feria = await event(companyA.id, [rosa.id]);
    const entrada = punch('entrada', 4 * HOUR, { eventId: feria.id });
    expect((await send(rosa.cookie, entrada)).statusCode).toBe(201);
    expect((await send(rosa.cookie, punch('salida', HOUR, { startClientId: entrada.clientId }))).statusCode).toBe(201);
    for (const [cookie, url] of [
      [rosa.cookie, '/api/registro/mine/download?month=2026-11&format=csv'],
      [supervisor.cookie, '/api/registro/company/download?month=2026-11&format=csv'],
    ] as const) {
      const csv = await ctx.request({ method: 'GET', url, cookie });
      expect(csv.statusCode, csv.body).toBe(200);
      const lines = csv.body.split('\r\n');
      expect(lines[0]).toContain(';Corregido;Marcas;');
      expect(lines.find((line) => line.includes('Rosa Registro') && line.includes('21/11/2026 07:00'))).toContain(';3,00;No;Fichado sin conexión;');
    }
  });
});

describe('the Date header', () => {
  it('is on every API answer of the listening server: the phone anchors its queued punches to it', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/health`);
    const date = response.headers.get('date');
    expect(date).toBeTruthy();
    expect(Math.abs(Date.parse(date!) - Date.now())).toBeLessThan(5_000);
  });
});
