import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, request, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunch } from './playwright.config';
import { expect, test } from './support/test';
import { adminSession, createPerson, createTeam, type TestPerson } from './support/api';
import { signIn } from './support/ui';

// Mi Cuenta → 'Avisos en este dispositivo' (docs/decisions/037).
//
// What headless Chromium cannot do here: subscribe to a real push service. Playwright's ordinary
// contexts are incognito-like, where Chrome refuses the Push API outright; a persistent profile has
// the API, but its push service (Google's, through the closed network) never answers. So the browser
// side is tested up to that point (permission, the service worker registered for the whole app, its
// 'push' handler through DevTools' deliverPushMessage, the message when the push service does not
// answer, the denied permission), the device list with a device subscribed through the API, and the
// encryption and sending against a local push service in the API tests (features/push/push.test.ts).

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DENIED = 'Has bloqueado los avisos de Jornada en este navegador.';

let employee: TestPerson;
let colleague: TestPerson;
let sharedPhoneUser: TestPerson;

test.beforeAll(async () => {
  const api = await adminSession();
  const team = await createTeam(api);
  employee = team.employee;
  colleague = await createPerson(api, { role: 'Empleado', companyId: team.company.id });
  sharedPhoneUser = await createPerson(api, { role: 'Empleado', companyId: team.company.id });
  await api.dispose();
});

/** Another browser of `person` (an Android phone) subscribed through the API, as that phone would. */
async function subscribeAnotherDevice(baseURL: string, person: TestPerson, name: string) {
  const phone = await request.newContext({ baseURL, userAgent: ANDROID_CHROME, extraHTTPHeaders: { 'X-Requested-With': 'jornada' } });
  try {
    expect((await phone.post('/api/auth/login', { data: { username: person.username, password: person.password } })).ok()).toBe(true);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const saved = await phone.post('/api/push/subscriptions', { data: { endpoint: `https://push.example.test/${name}`, expirationTime: null, keys } });
    expect(saved.status()).toBe(200);
  } finally {
    await phone.dispose();
  }
}

const section = (page: Page) => page.getByRole('region', { name: 'Avisos en este dispositivo' });

test('Activar avisos asks the permission and registers the service worker, which shows a push with its text, icon and link', async ({ baseURL }) => {
  test.slow();
  // A persistent profile: Chrome has no Push API in incognito-like contexts at all.
  const profile = mkdtempSync(join(tmpdir(), 'jornada-push-profile-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, { ...chromiumLaunch, baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const problems: string[] = [];
  context.on('weberror', (error) => problems.push(error.error().message));
  try {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 401/.test(message.text())) problems.push(message.text());
    });
    await signIn(page, employee.username, employee.password);
    await page.goto('/dashboard/account');
    await section(page).getByRole('button', { name: 'Activar avisos' }).click();

    // The worker that shows the avisos controls the whole app.
    await expect
      .poll(() => page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        return registration?.active ? { scope: registration.scope, script: registration.active.scriptURL, permission: Notification.permission } : null;
      }))
      .toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js`, permission: 'granted' });

    // This browser has no reachable push service: after a while the person is told, in Spanish.
    await expect(section(page).getByText('El servicio de avisos de tu navegador no ha respondido.')).toBeVisible({ timeout: 25_000 });
    await expect(section(page).getByRole('button', { name: 'Activar avisos' })).toBeEnabled();

    // A push message, as a push service would hand it to the browser, reaches the worker's 'push' handler.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((registration) => registration.scopeURL === `${baseURL}/`)).toBeTruthy();
    const registrationId = registrations.find((registration) => registration.scopeURL === `${baseURL}/`)!.registrationId;
    const payload = { id: 'ntf-e2e-1', title: 'Nuevo turno asignado', body: 'Te han asignado a «Concierto».', url: '/dashboard/shifts' };
    const shownTags = () => page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return (await registration!.getNotifications()).map((notification) => notification.tag);
    });
    // A push that wakes a stopped worker is now and then dropped by Chrome's CDP delivery; a push
    // service retries the same message, and its id as the tag makes a retry replace, never add.
    const deliver = async (message: typeof payload) => {
      for (let attempt = 0; attempt < 4 && !(await shownTags()).includes(message.id); attempt++) {
        await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId, data: JSON.stringify(message) });
        await expect.poll(shownTags, { timeout: 5_000 }).toContain(message.id).catch(() => undefined);
      }
    };
    await deliver(payload);
    // An address of another site in a payload is never followed: the link falls back to the app's notifications.
    await deliver({ ...payload, id: 'ntf-e2e-2', url: 'https://elsewhere.example/' });
    await expect
      .poll(() => page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        const shown = await registration!.getNotifications();
        return shown.map((notification) => ({ title: notification.title, body: notification.body, tag: notification.tag, icon: notification.icon, url: (notification.data as { url: string }).url })).sort((a, b) => a.tag.localeCompare(b.tag));
      }))
      .toEqual([
        { title: payload.title, body: payload.body, tag: 'ntf-e2e-1', icon: `${baseURL}/icon-192.png`, url: `${baseURL}/dashboard/shifts` },
        { title: payload.title, body: payload.body, tag: 'ntf-e2e-2', icon: `${baseURL}/icon-192.png`, url: `${baseURL}/dashboard/notifications` },
      ]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a denied permission: the section says how to allow it, on the click and on every later visit', async ({ page, baseURL }) => {
  await signIn(page, employee.username, employee.password);
  await page.goto('/dashboard/account');
  const activate = section(page).getByRole('button', { name: 'Activar avisos' });
  await expect(activate).toBeVisible();
  // The person answers «Bloquear» (set through DevTools for this context: a headless browser shows no prompt).
  const targetInfo = (await (await page.context().newCDPSession(page)).send('Target.getTargetInfo')).targetInfo;
  const browserSession = await page.context().browser()!.newBrowserCDPSession();
  await browserSession.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: baseURL!, browserContextId: targetInfo.browserContextId });
  await activate.click();
  await expect(section(page).getByText(DENIED)).toBeVisible();
  await expect(activate).toHaveCount(0);
  await page.reload();
  await expect(section(page).getByText(DENIED)).toBeVisible();
  await expect(section(page).getByRole('button', { name: 'Activar avisos' })).toHaveCount(0);
  await browserSession.detach();
});

test('lists my own devices only, and Quitar removes one', async ({ page, baseURL }) => {
  await subscribeAnotherDevice(baseURL!, employee, `mine-${randomBytes(4).toString('hex')}`);
  await subscribeAnotherDevice(baseURL!, colleague, `colleague-${randomBytes(4).toString('hex')}`);
  await signIn(page, employee.username, employee.password);
  await page.goto('/dashboard/account');
  const devices = section(page).getByRole('list', { name: 'Dispositivos con avisos' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByRole('listitem')).toContainText('Chrome en Android');
  await devices.getByRole('button', { name: 'Quitar Chrome en Android' }).click();
  await expect(section(page).getByRole('status').filter({ hasText: 'Dispositivo quitado' })).toBeVisible();
  await expect(section(page).getByText('Ningún dispositivo recibe avisos todavía.')).toBeVisible();
});

test('Cerrar Sesión drops this browser’s avisos: its device leaves the list and its subscription is cancelled', async ({ page, baseURL }) => {
  const endpoint = `https://push.example.test/shared-phone-${randomBytes(4).toString('hex')}`;
  await subscribeAnotherDevice(baseURL!, sharedPhoneUser, endpoint.split('/').at(-1)!);
  // Headless Chromium cannot subscribe to a push service (see above): this browser answers with the
  // subscription the device above stands for, and notes its cancellation where a reload keeps it.
  await page.addInitScript((subscribed) => {
    PushManager.prototype.getSubscription = async () =>
      localStorage.getItem('e2e-push-cancelled')
        ? null
        : ({ endpoint: subscribed, unsubscribe: async () => (localStorage.setItem('e2e-push-cancelled', subscribed), true) } as unknown as PushSubscription);
  }, endpoint);
  await signIn(page, sharedPhoneUser.username, sharedPhoneUser.password);
  await page.goto('/dashboard/account');
  await expect(section(page).getByRole('list', { name: 'Dispositivos con avisos' }).getByRole('listitem')).toHaveCount(1);
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration('/'))?.active))).toBe(true);

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('link', { name: /Iniciar Sesión/i }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-cancelled'))).toBe(endpoint);

  // The person's devices, seen from another session: the shared phone is gone.
  const other = await request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'jornada' } });
  try {
    expect((await other.post('/api/auth/login', { data: { username: sharedPhoneUser.username, password: sharedPhoneUser.password } })).ok()).toBe(true);
    const devices = await other.get('/api/push/subscriptions');
    expect(devices.status()).toBe(200);
    expect(((await devices.json()) as { items: { endpoint: string }[] }).items.map((item) => item.endpoint)).toEqual([]);
  } finally {
    await other.dispose();
  }
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test(`@screenshots Mi Cuenta, avisos (${viewport.name})`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const person = (await (async () => {
      const api = await adminSession();
      const team = await createTeam(api);
      await api.dispose();
      return team.employee;
    })());
    await subscribeAnotherDevice(baseURL!, person, `shot-${randomBytes(4).toString('hex')}`);
    await signIn(page, person.username, person.password);
    await page.goto('/dashboard/account');
    await expect(section(page).getByRole('listitem')).toHaveCount(1);
    const outDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
    mkdirSync(outDir, { recursive: true });
    await section(page).screenshot({ path: join(outDir, `${viewport.name}-account-push.png`) });
    await page.screenshot({ path: join(outDir, `${viewport.name}-account-push-page.png`), fullPage: true });
  });
}
