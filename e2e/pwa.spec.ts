import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { ActiveTimerResponse, MyRecordsResponse } from '@jornada/shared/schemas/time-records';
import { adminSession, apiSession, createPerson, createTeam, uniqueSuffix, withApi, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * The phone at the venue (issue 24): the app installs (manifest, a service worker that controls the
 * page), opens without connection on the last data it had, marked 'Sin conexión', and clocks in and
 * out offline: the punch waits on the phone ('Pendiente de enviar') and is sent when the connection
 * returns, making exactly one record flagged 'Fichado sin conexión', also when an answer is lost and
 * the phone sends it again. A punch the server refuses shows its reason. Touch targets are 44 px.
 */

const madrid = { latitude: 40.416775, longitude: -3.70379, accuracy: 15 };
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');

let supervisor: TestPerson;
let employees: TestPerson[];
let eventName: string;
let eventId: string;

test.beforeAll(async () => {
  const admin = await adminSession();
  const team = await createTeam(admin);
  supervisor = team.supervisor;
  employees = [team.employee];
  for (let index = 0; index < 9; index += 1) employees.push(await createPerson(admin, { role: 'Empleado', companyId: team.company.id }));
  await admin.dispose();

  // Under way for the next three hours, staffed by every employee of the file.
  eventName = `Feria ${uniqueSuffix()}`;
  const now = Date.now();
  const created = await withApi(supervisor, (api) =>
    api.post<{ items: { id: string }[] }>('/events', {
      name: eventName,
      location: 'Recinto ferial',
      date: new Date(now - 5 * 60_000).toISOString(),
      endDate: new Date(now + 3 * 60 * 60_000).toISOString(),
      type: 'momentary',
      assignedEmployees: employees.map((person) => person.id),
    }),
  );
  eventId = created.items[0]!.id;
});

let nextEmployee = 0;
/** Every test that clocks in gets its own employee (one record each to count). */
const freshEmployee = () => {
  const person = employees[nextEmployee++];
  if (!person) throw new Error('pwa.spec: add employees in beforeAll');
  return person;
};

const shiftsUnderWay = (page: Page) => page.getByRole('region', { name: 'Turnos en curso' });
const running = (page: Page) => page.getByRole('region', { name: 'Turno en curso' });
const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: 'Sin conexión' });

/** The service worker controls the page, and the overview's answers are saved on the phone. */
async function readyForOffline(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 }).toMatch(/\/sw\.js$/);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          // Only read a database idb-keyval made: opening a missing one would create it without its store.
          if (!(await indexedDB.databases()).some((db) => db.name === 'jornada-cache')) return '';
          return new Promise<string>((resolve) => {
            const open = indexedDB.open('jornada-cache');
            open.onerror = () => resolve('');
            open.onsuccess = () => {
              const db = open.result;
              const read = db.transaction('queries').objectStore('queries').getAll();
              read.onsuccess = () => {
                db.close();
                resolve(JSON.stringify(read.result));
              };
              read.onerror = () => resolve('');
            };
          });
        }),
      { timeout: 15_000 },
    )
    .toContain(eventName);
}

/** The keys of the saved query caches on this phone ('queries:<user id>'). */
function savedCaches(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'jornada-cache')) return [];
    return new Promise<string[]>((resolve) => {
      const open = indexedDB.open('jornada-cache');
      open.onerror = () => resolve([]);
      open.onsuccess = () => {
        const db = open.result;
        const read = db.transaction('queries').objectStore('queries').getAllKeys();
        read.onsuccess = () => {
          db.close();
          resolve(read.result.map(String));
        };
        read.onerror = () => resolve([]);
      };
    });
  });
}

async function myRecords(person: TestPerson) {
  return withApi(person, (api) => api.get<MyRecordsResponse>('/time-records/mine?limit=20'));
}

/** The offline page logs its failed requests; they are the point of these tests. */
function allowOfflineErrors(pageErrors: { allow(pattern: RegExp): void }) {
  pageErrors.allow(/net::ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED/);
}

test.describe('installable', () => {
  test('the manifest is served and valid, its icons exist, and a service worker controls the page', async ({ page, request }) => {
    const manifestResponse = await request.get('/manifest.webmanifest');
    expect(manifestResponse.status()).toBe(200);
    expect(manifestResponse.headers()['content-type']).toMatch(/application\/manifest\+json/);
    expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
    const manifest = (await manifestResponse.json()) as {
      name: string;
      short_name: string;
      description: string;
      start_url: string;
      display: string;
      theme_color: string;
      lang: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Jornada', short_name: 'Jornada', start_url: '/', display: 'standalone', lang: 'es', theme_color: '#0b1f44' });
    expect(manifest.description).toMatch(/fichajes/i);
    for (const size of ['192x192', '512x512']) expect(manifest.icons.some((icon) => icon.sizes === size && icon.purpose !== 'maskable')).toBe(true);
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      // The PNG header's width and height are what the manifest says.
      const bytes = await image.body();
      const [width, height] = icon.sizes.split('x').map(Number);
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], icon.src).toEqual([width, height]);
    }

    // The worker must never be cached by HTTP: a fix reaches phones on their next visit.
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');

    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 }).toMatch(/\/sw\.js$/);
    const registration = await page.evaluate(async () => {
      const found = await navigator.serviceWorker.getRegistration('/');
      return { scope: found?.scope, active: found?.active?.scriptURL };
    });
    expect(registration.scope).toMatch(/\/$/);
    expect(registration.active).toMatch(/\/sw\.js$/);
    // /api never gets the app's page from the worker: an unknown API path still answers the API's 404.
    const apiAnswer = await page.evaluate(async () => (await fetch('/api/no-such-route', { headers: { 'X-Requested-With': 'jornada' } })).status);
    expect(apiAnswer).toBe(404);
  });
});

test.describe('on a phone without connection', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, permissions: ['geolocation', 'notifications'], geolocation: madrid });

  test('an offline reload shows the overview with the last data, marked Sin conexión', async ({ page, context, pageErrors }) => {
    allowOfflineErrors(pageErrors);
    const person = freshEmployee();
    await signIn(page, person.username, person.password);
    await expect(shiftsUnderWay(page)).toContainText(eventName);
    await readyForOffline(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Panel Principal', level: 1 })).toBeVisible();
    await expect(offlineBanner(page)).toBeVisible();
    await expect(shiftsUnderWay(page)).toContainText(eventName);
    // Still signed in: the session check did not send the person to /login for lack of signal.
    await expect(page).toHaveURL(/\/dashboard\/overview$/);

    await context.setOffline(false);
    await expect(offlineBanner(page)).toHaveCount(0);
    await expect(shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` })).toBeEnabled();
  });

  test('one person’s saved data never reaches the next: sign-out deletes it, and the next person opens offline on their own', async ({ page, context, pageErrors }) => {
    allowOfflineErrors(pageErrors);
    const first = freshEmployee();
    const second = freshEmployee();
    await signIn(page, first.username, first.password);
    await readyForOffline(page);
    expect(await savedCaches(page)).toEqual([`queries:${first.id}`]);

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => savedCaches(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('jornada.last-session'))).toBeNull();

    await signIn(page, second.username, second.password);
    await readyForOffline(page);
    expect(await savedCaches(page)).toEqual([`queries:${second.id}`]);
    await context.setOffline(true);
    await page.reload();
    await expect(offlineBanner(page)).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(second.name);
    await expect(page.getByRole('banner')).not.toContainText(first.name);
  });

  test('an offline clock-in waits on the phone, then makes exactly one flagged record', async ({ page, context, pageErrors }) => {
    allowOfflineErrors(pageErrors);
    const person = freshEmployee();
    await signIn(page, person.username, person.password);
    await readyForOffline(page);

    await context.setOffline(true);
    await shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` }).click();
    await expect(running(page)).toContainText('Pendiente de enviar');
    await expect(running(page)).toContainText(eventName);
    await expect(running(page).getByRole('timer')).toHaveText(/^00:0\d:\d\d$/);

    // Still there after an offline reload: the queue is on the phone, not in the page.
    await page.reload();
    await expect(running(page)).toContainText('Pendiente de enviar');
    expect((await myRecords(person)).records).toHaveLength(0);

    await context.setOffline(false);
    await expect(running(page)).not.toContainText('Pendiente de enviar', { timeout: 20_000 });
    await expect(running(page)).toContainText(eventName);
    const { records } = await myRecords(person);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ eventName, status: 'activo' });
    expect(records[0]?.flags).toContain('sin-conexion');
  });

  test('an offline clock-in whose answer is lost is sent again and still makes one record', async ({ page, context, pageErrors }) => {
    allowOfflineErrors(pageErrors);
    const person = freshEmployee();
    await signIn(page, person.username, person.password);
    await readyForOffline(page);

    await context.setOffline(true);
    await shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` }).click();
    await expect(running(page)).toContainText('Pendiente de enviar');

    // The first send reaches the server, which stores the record; its answer never reaches the phone.
    let sends = 0;
    await context.route('**/api/time-records/offline-punches', async (route) => {
      sends += 1;
      if (sends > 1) return route.continue();
      await route.fetch();
      await route.abort('failed');
    });
    await context.setOffline(false);
    await expect(running(page)).not.toContainText('Pendiente de enviar', { timeout: 30_000 });
    expect(sends).toBeGreaterThanOrEqual(2);
    const { records } = await myRecords(person);
    expect(records).toHaveLength(1);
    expect(records[0]?.flags).toContain('sin-conexion');
  });

  test('an offline clock-out of a running shift is sent when the connection returns', async ({ page, context, pageErrors }) => {
    allowOfflineErrors(pageErrors);
    const person = freshEmployee();
    await signIn(page, person.username, person.password);
    await shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` }).click();
    await expect(running(page)).toContainText(eventName);
    await readyForOffline(page);

    await context.setOffline(true);
    await running(page).getByRole('button', { name: 'Detener' }).click();
    await page.getByRole('dialog', { name: '¿Terminar el turno?' }).getByRole('button', { name: 'Terminar turno' }).click();
    const ended = page.getByRole('region', { name: 'Turno terminado' });
    await expect(ended).toContainText('Pendiente de enviar');

    await context.setOffline(false);
    await expect(ended).toHaveCount(0, { timeout: 20_000 });
    await expect(running(page)).toHaveCount(0);
    const active = await withApi(person, (api) => api.get<ActiveTimerResponse>('/time-records/active'));
    expect(active.record).toBeNull();
    const { records } = await myRecords(person);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 'completado' });
    expect(records[0]?.flags).toContain('sin-conexion');
  });

  test('a queued clock-in the server refuses shows its reason, and the phone is usable', async ({ page, context, pageErrors }) => {
    allowOfflineErrors(pageErrors);
    const person = freshEmployee();
    await signIn(page, person.username, person.password);
    await readyForOffline(page);

    await context.setOffline(true);
    await shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` }).click();
    await expect(running(page)).toContainText('Pendiente de enviar');

    // Meanwhile the same person clocked in on another phone that had signal.
    const other = await apiSession(person.username, person.password);
    await other.post('/time-records/start', { eventId, location: { lat: madrid.latitude, lng: madrid.longitude, accuracy: 10 } });
    await other.dispose();

    await context.setOffline(false);
    const refusal = page.getByRole('list', { name: 'Fichajes no aceptados' }).getByRole('alert');
    await expect(refusal).toContainText(/Fichaje no aceptado: \S/, { timeout: 20_000 });
    await expect(refusal).toContainText(eventName);
    // The shift the server has is the one shown, without the queued mark.
    await expect(running(page)).not.toContainText('Pendiente de enviar');
    const { records } = await myRecords(person);
    expect(records).toHaveLength(1);
    expect(records[0]?.flags ?? []).not.toContain('sin-conexion');

    // The notice stays until read, also after a reload.
    await page.reload();
    await expect(refusal).toBeVisible();
    await refusal.getByRole('button', { name: 'Entendido' }).click();
    await expect(refusal).toHaveCount(0);
  });
});

test.describe('touch targets on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, permissions: ['geolocation'], geolocation: madrid });

  /** Visible buttons, links and fields inside `scope` lower than 44 px, described for the failure message. */
  async function smallTargets(page: Page, scope: string): Promise<string[]> {
    return page.evaluate((selector) => {
      const root = document.querySelector(selector);
      if (!root) return [`${selector} missing`];
      const targets = root.querySelectorAll<HTMLElement>('button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=checkbox]');
      return Array.from(targets)
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
        })
        .filter((element) => element.getBoundingClientRect().height < 43.5)
        .map((element) => `${element.tagName.toLowerCase()} «${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}» ${Math.round(element.getBoundingClientRect().height)} px`);
    }, scope);
  }

  test('the employee screens: overview, clock-in, Mis Horas and the menu are at least 44 px high', async ({ page }) => {
    const person = freshEmployee();
    await signIn(page, person.username, person.password);
    await expect(shiftsUnderWay(page)).toContainText(eventName);
    expect(await smallTargets(page, 'header'), 'top bar').toEqual([]);
    expect(await smallTargets(page, 'main'), 'overview').toEqual([]);

    await shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` }).click();
    await expect(running(page).getByRole('timer')).toBeVisible();
    expect(await smallTargets(page, 'main'), 'overview with a running shift').toEqual([]);

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Mis Horas' })).toBeVisible();
    expect(await smallTargets(page, '[role=dialog]'), 'menu').toEqual([]);
    await menu.getByRole('link', { name: 'Mis Horas' }).click();
    await expect(page.getByRole('heading', { name: 'Mis Horas', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: /^Registros de / })).toContainText(eventName);
    expect(await smallTargets(page, 'main'), 'Mis Horas').toEqual([]);
  });
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots offline ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, permissions: ['geolocation', 'notifications'], geolocation: madrid });

    test('the offline overview and a queued clock-in', async ({ page, context, pageErrors }) => {
      allowOfflineErrors(pageErrors);
      mkdirSync(screenshotsDir, { recursive: true });
      const person = freshEmployee();
      await signIn(page, person.username, person.password);
      await readyForOffline(page);
      await context.setOffline(true);
      await page.reload();
      await expect(offlineBanner(page)).toBeVisible();
      await shoot(page, `offline-overview-${viewport.name}`);
      await shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` }).click();
      await expect(running(page)).toContainText('Pendiente de enviar');
      await shoot(page, `offline-queued-punch-${viewport.name}`);
    });

    test("a punch sent late, flagged in the supervisor's time log", async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const person = freshEmployee();
      const location = { lat: madrid.latitude, lng: madrid.longitude, accuracy: madrid.accuracy };
      const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
      // As the phone's queue sends them: a clock-in and a clock-out made without connection.
      await withApi(person, async (api) => {
        await api.post('/time-records/offline-punches', { clientId: crypto.randomUUID(), kind: 'entrada', eventId, phoneTime: minutesAgo(4), location });
        await api.post('/time-records/offline-punches', { clientId: crypto.randomUUID(), kind: 'salida', phoneTime: minutesAgo(1), location });
      });
      await signIn(page, supervisor.username, supervisor.password);
      await page.goto(`/dashboard/time-log?userId=${person.id}`);
      await expect(page.getByText('Fichado sin conexión').first()).toBeVisible();
      await expect(page.getByText(/Entrada sin conexión/).first()).toBeVisible();
      await shoot(page, `offline-flags-time-log-${viewport.name}`);
    });
  });
}

async function shoot(page: Page, name: string) {
  // The toast and the timer's first tick settle.
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), fullPage: true });
}
