import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JobRunner } from '../../jobs/job-runner';
import { webhookDeliverHandler } from './webhook-deliver';
import { WEBHOOK_DELIVER_JOB, WEBHOOK_MAX_ATTEMPTS } from './emit-webhook';
import { addressProblem, isPrivateAddress, publicOnlyLookup } from './webhook-address';
import { insertTestEvent } from '../../test/factories';
import { lastAction } from '../../test/last-action';
import { arrangeTwoCompanies, signInAs, type SignedInUser, type TwoCompanies } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';

/**
 * Webhooks (decision 050) against a receiver this test starts on 127.0.0.1: WEBHOOK_ALLOW_PRIVATE is
 * on for that, and the address checks that stand without it are tested on their own below.
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let ctx: TestContext;
let two: TwoCompanies;
let otherSupervisor: SignedInUser;
let otherEmployee: SignedInUser;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** The statuses the receiver answers with, in order; 200 once they run out. */
let answers: number[] = [];

const here = { lat: 40.4168, lng: -3.7038, accuracy: 10 };
const runner = () => new JobRunner({ db: ctx.db, dialect: ctx.database.dialect, clock: ctx.clock, handlers: { [WEBHOOK_DELIVER_JOB]: webhookDeliverHandler({ allowPrivateAddresses: true }) }, backoffMs: 1_000, maxBackoffMs: 1_000 });
async function drain() {
  const jobs = runner();
  while ((await jobs.runDue()) > 0);
}

async function subscribe(cookie: string, events: string[], path = '/hook', companyId?: string) {
  const response = await ctx.request({ method: 'POST', url: '/api/webhooks', cookie, payload: { url: `${base}${path}`, events, ...(companyId ? { companyId } : {}) } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { subscription: { id: string }; secret: string };
}

function verify(delivery: Received, secret: string) {
  const timestamp = delivery.headers['jornada-timestamp'] as string;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
  expect(delivery.headers['jornada-signature']).toBe(expected);
  return JSON.parse(delivery.body) as { id: string; type: string; companyId: string; createdAt: string; data: Record<string, unknown> };
}

async function deliveries(cookie: string, id: string) {
  const response = await ctx.request({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, cookie });
  expect(response.statusCode).toBe(200);
  return response.json().items as { status: string; attempts: number; lastStatusCode: number | null; lastResponse: string | null; eventType: string; lastError: string | null }[];
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const status = answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'recibido' : 'error del receptor');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  ctx = await createTestContext({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  two = await arrangeTwoCompanies(ctx);
  otherSupervisor = await signInAs(ctx, 'Supervisor', two.other.id);
  otherEmployee = await signInAs(ctx, 'Empleado', two.other.id);
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  received.length = 0;
  answers = [];
  await ctx.db.deleteFrom('webhook_deliveries').execute();
  await ctx.db.deleteFrom('webhook_subscriptions').execute();
});

describe('managing webhooks', () => {
  it('creates one with its signing key shown once, lists it without the key, and deletes it', async () => {
    const created = await subscribe(two.supervisor.cookie, ['fichaje.entrada', 'fichaje.salida']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await lastAction(ctx, 'webhook.create')).toMatchObject({ company_id: two.home.id });
    const list = await ctx.request({ method: 'GET', url: '/api/webhooks', cookie: two.supervisor.cookie });
    expect(list.json().items).toEqual([expect.objectContaining({ id: created.subscription.id, companyId: two.home.id, url: `${base}/hook`, events: ['fichaje.entrada', 'fichaje.salida'], lastDelivery: null })]);
    expect(list.body).not.toContain(created.secret);
    // The other company sees none of it, and cannot touch it.
    expect((await ctx.request({ method: 'GET', url: '/api/webhooks', cookie: otherSupervisor.cookie })).json().items).toEqual([]);
    for (const [method, url] of [['DELETE', `/api/webhooks/${created.subscription.id}`], ['GET', `/api/webhooks/${created.subscription.id}/deliveries`], ['POST', `/api/webhooks/${created.subscription.id}/test`]] as const)
      expect((await ctx.request({ method, url, cookie: otherSupervisor.cookie })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'DELETE', url: `/api/webhooks/${created.subscription.id}`, cookie: two.supervisor.cookie })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/webhooks', cookie: two.supervisor.cookie })).json().items).toEqual([]);
  });

  it('refuses bad input in Spanish and stores nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ url: 'no es una dirección', events: ['fichaje.entrada'] }, 400, 'Indica una dirección https:// válida.'],
      [{ url: 'ftp://example.com/x', events: ['fichaje.entrada'] }, 400, 'Indica una dirección https:// válida.'],
      // Shaped like an address, but no parser takes it: refused, never a 500.
      [{ url: 'https://[bad/x', events: ['fichaje.entrada'] }, 422, 'Indica una dirección https:// válida.'],
      [{ url: `${base}/hook`, events: [] }, 400, 'Elige al menos un tipo de aviso.'],
      [{ url: `${base}/hook`, events: ['otra.cosa'] }, 400, 'Ese tipo de aviso no existe.'],
      [{ url: `${base}/hook`, events: ['fichaje.entrada'], companyId: two.other.id }, 422, 'Solo puedes crear webhooks de tu empresa.'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await ctx.request({ method: 'POST', url: '/api/webhooks', cookie: two.supervisor.cookie, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error.message).toContain(message);
    }
    const admin = await ctx.request({ method: 'POST', url: '/api/webhooks', cookie: two.admin.cookie, payload: { url: `${base}/hook`, events: ['fichaje.entrada'] } });
    expect(admin.statusCode).toBe(400);
    expect((await ctx.request({ method: 'POST', url: '/api/webhooks', cookie: two.employee.cookie, payload: { url: `${base}/hook`, events: ['fichaje.entrada'] } })).statusCode).toBe(403);
    expect(await ctx.db.selectFrom('webhook_subscriptions').selectAll().execute()).toEqual([]);
  });
});

describe('deliveries', () => {
  it('signs each clock-in and clock-out of the company with HMAC-SHA256 over the timestamp and the body; another company’s never arrive', async () => {
    const { subscription, secret } = await subscribe(two.supervisor.cookie, ['fichaje.entrada', 'fichaje.salida']);
    const now = ctx.clock().getTime();
    const event = await insertTestEvent(ctx.db, { companyId: two.home.id, name: 'Concierto', start: new Date(now - 3_600_000).toISOString(), end: new Date(now + 3_600_000).toISOString(), assignedTo: [two.employee.id] });
    const foreign = await insertTestEvent(ctx.db, { companyId: two.other.id, name: 'Feria Ajena', start: new Date(now - 3_600_000).toISOString(), end: new Date(now + 3_600_000).toISOString(), assignedTo: [otherEmployee.id] });
    const started = await ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: two.employee.cookie, payload: { eventId: event.id, location: here } });
    expect(started.statusCode).toBe(201);
    expect((await ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: otherEmployee.cookie, payload: { eventId: foreign.id, location: here } })).statusCode).toBe(201);
    ctx.clock.advance(60_000);
    expect((await ctx.request({ method: 'POST', url: `/api/time-records/${started.json().id}/stop`, cookie: two.employee.cookie, payload: { location: here } })).statusCode).toBe(200);
    await drain();

    expect(received).toHaveLength(2);
    const [entrada, salida] = received.map((delivery) => verify(delivery, secret)).sort((a, b) => a.type.localeCompare(b.type));
    expect(entrada).toMatchObject({ type: 'fichaje.entrada', companyId: two.home.id, data: { recordId: started.json().id, user: { id: two.employee.id }, event: { id: event.id, name: 'Concierto' }, offline: false } });
    expect(salida).toMatchObject({ type: 'fichaje.salida', companyId: two.home.id, data: { recordId: started.json().id, durationMinutes: 1 } });
    expect(received.map((delivery) => delivery.headers['jornada-event']).sort()).toEqual(['fichaje.entrada', 'fichaje.salida']);
    expect(received.map((delivery) => delivery.body).join()).not.toContain('Feria Ajena');
    const log = await deliveries(two.supervisor.cookie, subscription.id);
    expect(log.map((delivery) => [delivery.status, delivery.attempts, delivery.lastStatusCode, delivery.lastResponse])).toEqual([
      ['entregado', 1, 200, 'recibido'],
      ['entregado', 1, 200, 'recibido'],
    ]);
  });

  it('retries a refused delivery with backoff, the same body each time, and gives up as fallido after its tries', async () => {
    const { subscription, secret } = await subscribe(two.supervisor.cookie, ['asignacion.creada']);
    answers = [500];
    const created = await ctx.request({
      method: 'POST',
      url: '/api/events',
      cookie: two.supervisor.cookie,
      payload: { name: 'Partido', location: 'Estadio', date: new Date(ctx.clock().getTime() + 86_400_000).toISOString(), endDate: new Date(ctx.clock().getTime() + 90_000_000).toISOString(), type: 'momentary', assignedEmployees: [two.employee.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    await drain();
    let [delivery] = await deliveries(two.supervisor.cookie, subscription.id);
    expect(delivery).toMatchObject({ eventType: 'asignacion.creada', status: 'pendiente', attempts: 1, lastStatusCode: 500, lastResponse: 'error del receptor', lastError: 'El receptor ha respondido 500.' });
    ctx.clock.advance(2_000);
    await drain();
    [delivery] = await deliveries(two.supervisor.cookie, subscription.id);
    expect(delivery).toMatchObject({ status: 'entregado', attempts: 2, lastStatusCode: 200 });
    expect(received).toHaveLength(2);
    expect(received[0]!.body).toBe(received[1]!.body);
    expect(verify(received[1]!, secret).data).toMatchObject({ event: { id: created.json().items[0].id, name: 'Partido' }, userIds: [two.employee.id] });

    answers = Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, () => 503);
    expect((await ctx.request({ method: 'POST', url: `/api/webhooks/${subscription.id}/test`, cookie: two.supervisor.cookie })).statusCode).toBe(202);
    for (let attempt = 0; attempt < WEBHOOK_MAX_ATTEMPTS; attempt++) {
      await drain();
      ctx.clock.advance(2_000);
    }
    [delivery] = await deliveries(two.supervisor.cookie, subscription.id);
    expect(delivery).toMatchObject({ eventType: 'ping', status: 'fallido', attempts: WEBHOOK_MAX_ATTEMPTS, lastStatusCode: 503 });
    const listed = (await ctx.request({ method: 'GET', url: '/api/webhooks', cookie: two.supervisor.cookie })).json().items[0];
    expect(listed.lastDelivery).toMatchObject({ status: 'fallido' });
  });

  it('tells a vacation decision to the company’s subscribers', async () => {
    const { secret } = await subscribe(two.supervisor.cookie, ['vacaciones.decision']);
    const day = new Date(ctx.clock().getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
    const requested = await ctx.request({ method: 'POST', url: '/api/my-vacations', cookie: two.employee.cookie, payload: { dates: [day] } });
    expect(requested.statusCode, requested.body).toBe(201);
    const answered = await ctx.request({ method: 'POST', url: `/api/vacations/${requested.json().id}/approve`, cookie: two.supervisor.cookie });
    expect(answered.statusCode, answered.body).toBe(200);
    await drain();
    expect(received).toHaveLength(1);
    expect(verify(received[0]!, secret)).toMatchObject({ type: 'vacaciones.decision', data: { user: { id: two.employee.id }, status: 'confirmado', dates: [day] } });
  });
});

describe('where a webhook may go without WEBHOOK_ALLOW_PRIVATE', () => {
  it('only https, and never the server’s own network', () => {
    expect(addressProblem('http://example.com/x', false)).toBe('La dirección debe empezar por https://.');
    for (const url of ['https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://192.168.1.10/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://localhost/x', 'https://[::ffff:127.0.0.1]/x'])
      expect(addressProblem(url, false), url).toBe('La dirección apunta a una red privada: Jornada solo envía webhooks a direcciones públicas.');
    expect(addressProblem('https://hooks.example.com/jornada', false)).toBeNull();
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2001:4860:4860::8888')).toBe(false);
  });

  it('a name that resolves to a private address is refused by the connection’s own lookup', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', {}, (failure) => resolve(failure)));
    expect(error?.code).toBe('EPRIVATEADDRESS');
  });

  it('a subscription created with a private address is refused in Spanish', async () => {
    const strict = await createTestContext();
    try {
      const supervisor = await signInAs(strict, 'Supervisor', (await strict.factories.company('Estricta S.L.')).id);
      const response = await strict.request({ method: 'POST', url: '/api/webhooks', cookie: supervisor.cookie, payload: { url: 'https://127.0.0.1:9/hook', events: ['fichaje.entrada'] } });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe('La dirección apunta a una red privada: Jornada solo envía webhooks a direcciones públicas.');
    } finally {
      await strict.close();
    }
  });
});
