import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { browserKeys, decryptWebPush, startLocalPushService, verifyVapid, type BrowserKeys, type LocalPushService } from '../../test/push-service';
import { createPushChannel } from './push-channel';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let ctx: TestContext;
let push: LocalPushService;
let employee: SignedInUser;
let colleague: SignedInUser;
let supervisor: SignedInUser;
let foreignEmployee: SignedInUser;
let admin: SignedInUser;
let home: { id: string; name: string };

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object, headers?: Record<string, string>) =>
  ctx.request({ method, url, cookie, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });

const expectStatus = async (response: Promise<{ statusCode: number; body: string }>, status: number) => {
  const done = await response;
  expect(done.statusCode, done.body).toBe(status);
  return JSON.parse(done.body || 'null');
};

let endpointCount = 0;
/** A browser of this test: its own keys and an endpoint at the local push service. */
function newBrowser(): { keys: BrowserKeys; endpoint: string; path: string } {
  const path = `/push/device-${++endpointCount}`;
  return { keys: browserKeys(), endpoint: `${push.origin}${path}`, path };
}
const subscription = (browser: { keys: BrowserKeys; endpoint: string }) => ({ endpoint: browser.endpoint, expirationTime: null, keys: { p256dh: browser.keys.p256dh, auth: browser.keys.auth } });

async function subscribe(user: SignedInUser, browser: { keys: BrowserKeys; endpoint: string }, userAgent = ANDROID_CHROME) {
  return expectStatus(call('POST', '/api/push/subscriptions', user.cookie, subscription(browser), { 'user-agent': userAgent }), 200);
}
const devicesOf = async (user: SignedInUser) => (await expectStatus(call('GET', '/api/push/subscriptions', user.cookie), 200)).items as { id: string; endpoint: string; deviceLabel: string }[];
const rowCount = async () => Number((await ctx.db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  ctx = await createTestContext();
  push = await startLocalPushService();
  home = await ctx.factories.company('Norte');
  const other = await ctx.factories.company('Sur');
  employee = await signInAs(ctx, 'Empleado', home.id, { name: 'Juan Pérez' });
  colleague = await signInAs(ctx, 'Empleado', home.id, { name: 'Lucía García' });
  supervisor = await signInAs(ctx, 'Supervisor', home.id, { name: 'Marta López' });
  foreignEmployee = await signInAs(ctx, 'Empleado', other.id);
  admin = await signInAs(ctx, 'Administrador');
});
afterAll(async () => {
  await push?.close();
  await ctx?.close();
});

describe('the VAPID public key', () => {
  it('is one P-256 key for everyone of every company; the platform Administrador has no push', async () => {
    const { publicKey } = await expectStatus(call('GET', '/api/push/public-key', employee.cookie), 200);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await expectStatus(call('GET', '/api/push/public-key', supervisor.cookie), 200)).publicKey).toBe(publicKey);
    expect((await expectStatus(call('GET', '/api/push/public-key', foreignEmployee.cookie), 200)).publicKey).toBe(publicKey);
    await expectStatus(call('GET', '/api/push/public-key', admin.cookie), 403);
  });
});

describe('subscriptions: one per browser, only ever one’s own', () => {
  it('subscribes this browser, named after its User-Agent, and lists it to its owner only', async () => {
    const phone = newBrowser();
    const device = await subscribe(employee, phone);
    expect(device).toMatchObject({ endpoint: phone.endpoint, deviceLabel: 'Chrome en Android', lastUsedAt: null });
    expect((await devicesOf(employee)).map((d) => d.id)).toEqual([device.id]);
    expect(await devicesOf(colleague)).toEqual([]);
    expect(await devicesOf(supervisor)).toEqual([]);
    expect(await devicesOf(foreignEmployee)).toEqual([]);
  });

  it('the same browser again updates its row (new keys), never a second one', async () => {
    const laptop = newBrowser();
    const first = await subscribe(employee, laptop, WINDOWS_FIREFOX);
    const before = await rowCount();
    const renewed = { ...laptop, keys: browserKeys() };
    const again = await subscribe(employee, renewed, WINDOWS_FIREFOX);
    expect(again.id).toBe(first.id);
    expect(again.deviceLabel).toBe('Firefox en Windows');
    expect(await rowCount()).toBe(before);
    const row = await ctx.db.selectFrom('push_subscriptions').select(['p256dh', 'auth']).where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
  });

  it('a shared browser subscribed by someone else moves to that person (the previous one stops receiving there)', async () => {
    const shared = newBrowser();
    await subscribe(employee, shared);
    const taken = await subscribe(colleague, shared);
    expect((await devicesOf(colleague)).map((d) => d.id)).toEqual([taken.id]);
    expect((await devicesOf(employee)).map((d) => d.endpoint)).not.toContain(shared.endpoint);
    await expectStatus(call('DELETE', `/api/push/subscriptions/${taken.id}`, colleague.cookie), 200);
  });

  it('refuses an endpoint that is not a browser push service (the server would post there: no SSRF)', async () => {
    const before = await rowCount();
    for (const endpoint of ['https://10.0.0.5/push/x', 'https://intranet.local/api', 'https://fcm.googleapis.com.evil.example/x', 'https://user:pw@localhost/push/x']) {
      const refused = await expectStatus(call('POST', '/api/push/subscriptions', employee.cookie, { ...subscription(newBrowser()), endpoint }), 400);
      expect(refused.error.message, endpoint).toMatch(/servicio de avisos/);
    }
    expect(await rowCount()).toBe(before);
  });

  it('another person’s device cannot be removed, in the company or outside it: 404, and it stays', async () => {
    const mine = await subscribe(employee, newBrowser());
    for (const other of [colleague, supervisor, foreignEmployee]) {
      const refused = await expectStatus(call('DELETE', `/api/push/subscriptions/${mine.id}`, other.cookie), 404);
      expect(refused.error.message).toBe('No se ha encontrado el dispositivo.');
    }
    await expectStatus(call('DELETE', `/api/push/subscriptions/${mine.id}`, admin.cookie), 403);
    expect((await devicesOf(employee)).map((d) => d.id)).toContain(mine.id);
    await expectStatus(call('DELETE', `/api/push/subscriptions/${mine.id}`, employee.cookie), 200);
    expect((await devicesOf(employee)).map((d) => d.id)).not.toContain(mine.id);
    await expectStatus(call('DELETE', `/api/push/subscriptions/${mine.id}`, employee.cookie), 404);
  });

  it('refuses what is not a browser subscription with a Spanish message, storing nothing', async () => {
    const before = await rowCount();
    const valid = subscription(newBrowser());
    const cases: [object, string][] = [
      [{ ...valid, endpoint: valid.endpoint.replace('https:', 'http:') }, 'La dirección del servicio de avisos debe empezar por https://.'],
      [{ ...valid, endpoint: 'no es una dirección' }, 'La dirección del servicio de avisos debe empezar por https://.'],
      [{ ...valid, keys: { ...valid.keys, auth: 'corta' } }, 'La suscripción del navegador no es válida.'],
      [{ ...valid, keys: { ...valid.keys, p256dh: valid.keys.p256dh.slice(0, 40) } }, 'La suscripción del navegador no es válida.'],
      // 65 bytes of the right length that are no point of the curve.
      [{ ...valid, keys: { ...valid.keys, p256dh: Buffer.alloc(65, 7).toString('base64url') } }, 'La suscripción del navegador no es válida.'],
      [{ endpoint: valid.endpoint }, 'La suscripción del navegador no es válida.'],
    ];
    for (const [payload, message] of cases) {
      const refused = await expectStatus(call('POST', '/api/push/subscriptions', employee.cookie, payload), 400);
      expect(refused.error.message).toContain(message);
    }
    expect(await rowCount()).toBe(before);
  });
});

const PUBLIC_URL = 'https://jornada.example.es';

describe('the push channel, against a push service on this machine', () => {
  const notificationFor = (user: SignedInUser, id: string) => ({
    notification: { id, kind: 'event.assigned', title: 'Nuevo turno asignado', body: 'Te han asignado a «Concierto», el 28/11 a las 19:00, en Palacio de Deportes.', link: '/dashboard/shifts', createdAt: '2026-11-26T10:00:00.000Z' },
    user: { id: user.id, name: 'Persona', email: null },
    company: home,
  });

  it('sends the notification, encrypted for each of the person’s browsers and signed with the server’s VAPID key', async () => {
    const supervisorPhone = newBrowser();
    const supervisorLaptop = newBrowser();
    await subscribe(supervisor, supervisorPhone);
    await subscribe(supervisor, supervisorLaptop, WINDOWS_FIREFOX);
    const colleaguePhone = newBrowser();
    await subscribe(colleague, colleaguePhone);
    const { publicKey } = await expectStatus(call('GET', '/api/push/public-key', supervisor.cookie), 200);
    const channel = createPushChannel({ vapid: undefined, subject: 'mailto:jornada@example.es', agent: push.agent, pushServiceHosts: ctx.app.config.pushServiceHosts });
    push.received.length = 0;
    const at = new Date('2026-11-26T10:30:00.000Z');

    expect(await channel.deliver({ db: ctx.db, clock: () => at, publicUrl: PUBLIC_URL }, notificationFor(supervisor, 'ntf-1'))).toBe('sent');

    // Exactly the supervisor's two browsers, nobody else's.
    expect(push.received.map((r) => r.path).sort()).toEqual([supervisorPhone.path, supervisorLaptop.path].sort());
    for (const browser of [supervisorPhone, supervisorLaptop]) {
      const request = push.received.find((r) => r.path === browser.path)!;
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers['ttl']).toBe(String(24 * 60 * 60));
      const claims = verifyVapid(request.headers['authorization'] as string, publicKey);
      expect(claims.aud).toBe(push.origin);
      expect(claims.sub).toBe('mailto:jornada@example.es');
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(JSON.parse(decryptWebPush(request.body, browser.keys).toString('utf8'))).toEqual({
        id: 'ntf-1',
        title: 'Nuevo turno asignado',
        body: 'Te han asignado a «Concierto», el 28/11 a las 19:00, en Palacio de Deportes.',
        url: '/dashboard/shifts',
      });
      // Another browser's keys cannot read it.
      expect(() => decryptWebPush(request.body, colleaguePhone.keys)).toThrow();
    }
    const used = (await devicesOf(supervisor)).map((d) => (d as unknown as { lastUsedAt: string | null }).lastUsedAt);
    expect(used).toEqual([at.toISOString(), at.toISOString()]);
  });

  it('never posts to a stored endpoint outside PUSH_SERVICE_HOSTS: it is removed unsent', async () => {
    const phone = newBrowser();
    const device = await subscribe(colleague, phone);
    // The list narrowed since (or a row written by hand): the local service is no longer admitted.
    const channel = createPushChannel({ vapid: undefined, subject: 'mailto:jornada@example.es', agent: push.agent, pushServiceHosts: ['fcm.googleapis.com'] });
    push.received.length = 0;
    expect(await channel.deliver({ db: ctx.db, clock: () => new Date('2026-11-26T10:30:00.000Z'), publicUrl: PUBLIC_URL }, notificationFor(colleague, 'ntf-ssrf'))).toBe('skipped');
    expect(push.received).toEqual([]);
    expect((await devicesOf(colleague)).map((d) => d.id)).not.toContain(device.id);
  });

  it('skips a person without browsers, and a notification of another company than the browser’s', async () => {
    const channel = createPushChannel({ vapid: undefined, subject: 'mailto:jornada@example.es', agent: push.agent, pushServiceHosts: ctx.app.config.pushServiceHosts });
    const nobody = await signInAs(ctx, 'Empleado', home.id);
    push.received.length = 0;
    expect(await channel.deliver({ db: ctx.db, clock: () => new Date(), publicUrl: PUBLIC_URL }, notificationFor(nobody, 'ntf-2'))).toBe('skipped');
    const foreign = newBrowser();
    await subscribe(foreignEmployee, foreign);
    const misaddressed = notificationFor(foreignEmployee, 'ntf-3');
    expect(await channel.deliver({ db: ctx.db, clock: () => new Date(), publicUrl: PUBLIC_URL }, misaddressed)).toBe('skipped');
    expect(push.received).toEqual([]);
  });

  it('removes a browser the push service reports gone (410, 404) and still reaches the others', async () => {
    const person = await signInAs(ctx, 'Empleado', home.id);
    const gone = newBrowser();
    const unknown = newBrowser();
    const alive = newBrowser();
    for (const browser of [gone, unknown, alive]) await subscribe(person, browser);
    push.answer(gone.path, 410);
    push.answer(unknown.path, 404);
    const channel = createPushChannel({ vapid: undefined, subject: 'mailto:jornada@example.es', agent: push.agent, pushServiceHosts: ctx.app.config.pushServiceHosts });

    expect(await channel.deliver({ db: ctx.db, clock: () => new Date(), publicUrl: PUBLIC_URL }, notificationFor(person, 'ntf-4'))).toBe('sent');
    expect((await devicesOf(person)).map((d) => d.endpoint)).toEqual([alive.endpoint]);

    // With only a gone browser left, nothing was sent: skipped, and the row is gone.
    push.answer(alive.path, 410);
    expect(await channel.deliver({ db: ctx.db, clock: () => new Date(), publicUrl: PUBLIC_URL }, notificationFor(person, 'ntf-5'))).toBe('skipped');
    expect(await devicesOf(person)).toEqual([]);
  });

  it('throws on any other failure so the job retries, keeping the subscription and naming only the service’s origin', async () => {
    const person = await signInAs(ctx, 'Empleado', home.id);
    const flaky = newBrowser();
    await subscribe(person, flaky);
    push.answer(flaky.path, 500);
    const channel = createPushChannel({ vapid: undefined, subject: 'mailto:jornada@example.es', agent: push.agent, pushServiceHosts: ctx.app.config.pushServiceHosts });
    const failure = channel.deliver({ db: ctx.db, clock: () => new Date(), publicUrl: PUBLIC_URL }, notificationFor(person, 'ntf-6'));
    await expect(failure).rejects.toThrow(`web push failed: ${push.origin} answered 500`);
    await expect(failure).rejects.not.toThrow(flaky.path);
    expect((await devicesOf(person)).map((d) => d.endpoint)).toEqual([flaky.endpoint]);

    // Unreachable (nothing listens there): also a retry, never a removal.
    await ctx.db.updateTable('push_subscriptions').set({ endpoint: 'https://127.0.0.1:1/push/closed' }).where('endpoint', '=', flaky.endpoint).execute();
    await expect(channel.deliver({ db: ctx.db, clock: () => new Date(), publicUrl: PUBLIC_URL }, notificationFor(person, 'ntf-7'))).rejects.toThrow('web push failed: https://127.0.0.1:1');
    expect(await devicesOf(person)).toHaveLength(1);
  });
});
