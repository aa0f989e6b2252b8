import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { ActiveTimerResponse, MyRecordsResponse } from '@jornada/shared/schemas/time-records';
import { adminSession, apiSession, createPerson, createTeam, uniqueSuffix, withApi, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * Clock-in (issue 5): arrange a running event through the API, clock in and out through the UI
 * with the browser's geolocation and notification permissions, then read the record back in Mis
 * Horas, in the supervisor's time log and through the API. With notifications off the clock-in
 * still goes through (the notification only shows the running timer); with the location missing
 * nothing is stored.
 */

const madrid = { latitude: 40.416775, longitude: -3.70379, accuracy: 15 };

let supervisor: TestPerson;
let employee: TestPerson;
let deniedEmployee: TestPerson;
let panelEmployee: TestPerson;
/** One per notifications-off case: each of them clocks in. */
let quietEmployees: TestPerson[];
let eventName: string;

test.beforeAll(async () => {
  const admin = await adminSession();
  const team = await createTeam(admin);
  ({ supervisor, employee } = team);
  deniedEmployee = await createPerson(admin, { role: 'Empleado', companyId: team.company.id });
  panelEmployee = await createPerson(admin, { role: 'Empleado', companyId: team.company.id });
  quietEmployees = [];
  for (let index = 0; index < 4; index += 1) quietEmployees.push(await createPerson(admin, { role: 'Empleado', companyId: team.company.id }));
  await admin.dispose();

  // An event that started five minutes ago and runs for three hours, staffed by the employees.
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  eventName = `Concierto ${uniqueSuffix()}`;
  const now = Date.now();
  await asSupervisor.post('/events', {
    name: eventName,
    location: 'Palacio de Deportes',
    date: new Date(now - 5 * 60_000).toISOString(),
    endDate: new Date(now + 3 * 60 * 60_000).toISOString(),
    type: 'momentary',
    assignedEmployees: [employee.id, deniedEmployee.id, panelEmployee.id, ...quietEmployees.map((person) => person.id)],
  });
  await asSupervisor.dispose();
});

const shiftsUnderWay = (page: Page) => page.getByRole('region', { name: 'Turnos en curso' });
// The one visible toast: a list item of the toasts' region (one toast at a time).
const toast = (page: Page) => page.getByRole('region', { name: /Notificaciones/ }).getByRole('listitem');

test.describe('with location and notifications granted, on a phone', () => {
  test.use({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation', 'notifications'],
    geolocation: madrid,
  });

  test('clock in from the event dialog, see the timer tick and survive a reload, clock out, find the record', async ({ page, browser }) => {
    // A long flow (a reload and a ticking timer): 36 s on a busy CI machine, so twice that and more.
    test.setTimeout(120_000);
    await signIn(page, employee.username, employee.password);
    await expect(page).toHaveURL(/\/dashboard\/overview$/);

    // Today's day in the calendar opens the event's detail dialog.
    await page.getByRole('button', { name: /^Hoy, .*1 evento/ }).click();
    const dialog = page.getByRole('dialog', { name: eventName });
    await dialog.getByRole('button', { name: 'Iniciar Turno' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('Temporizador iniciado');

    const timer = page.getByRole('timer', { name: 'Tiempo transcurrido' });
    await expect(timer).toHaveText(/^00:0\d:\d\d$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? '', { timeout: 3_000 });
    await expect(page.getByRole('region', { name: 'Turno en curso' })).toContainText(eventName);

    // The record is on the server, with the browser's location and accuracy.
    const active = await withApi(employee, (api) => api.get<ActiveTimerResponse>('/time-records/active'));
    expect(active.record?.eventName).toBe(eventName);
    expect(active.record?.startLocation).toMatchObject({ lat: madrid.latitude, lng: madrid.longitude, accuracy: madrid.accuracy });

    // The timer comes from the server, so it is still running after a reload.
    await page.reload();
    await expect(timer).toHaveText(/^00:0\d:\d\d$/);
    await expect(page.getByRole('region', { name: 'Turno en curso' })).toContainText(eventName);
    await expect(shiftsUnderWay(page)).toHaveCount(0);

    // While the timer runs, the dialog's 'Iniciar Turno' is disabled.
    await page.getByRole('button', { name: /^Hoy, .*1 evento/ }).click();
    await expect(dialog.getByRole('button', { name: 'Iniciar Turno' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect(dialog).toBeHidden();

    // 'Detener' asks first; 'Cancelar' leaves the shift running.
    await page.getByRole('button', { name: 'Detener' }).click();
    const confirmStop = page.getByRole('dialog', { name: '¿Terminar el turno?' });
    await expect(confirmStop).toContainText(eventName);
    await confirmStop.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirmStop).toBeHidden();
    await expect(timer).toHaveCount(1);
    await page.getByRole('button', { name: 'Detener' }).click();
    await confirmStop.getByRole('button', { name: 'Terminar turno' }).click();
    await expect(toast(page)).toContainText('Temporizador detenido');
    await expect(toast(page)).toContainText('Duración: 0h 0m');
    await expect(timer).toHaveCount(0);
    await expect(shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` })).toBeEnabled();
    await expect(page.getByRole('region', { name: 'Últimos fichajes' })).toContainText(eventName);

    const stored = await withApi(employee, async (api) => ({
      active: await api.get<ActiveTimerResponse>('/time-records/active'),
      mine: await api.get<MyRecordsResponse>('/time-records/mine?limit=5'),
    }));
    expect(stored.active.record).toBeNull();
    expect(stored.mine.records[0]).toMatchObject({ eventName, status: 'completado', duration: 0 });
    expect(stored.mine.records[0]?.endLocation).toMatchObject({ lat: madrid.latitude, lng: madrid.longitude });

    // Mis Horas, through the phone's menu.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Mis Horas' }).click();
    await expect(page.getByRole('heading', { name: 'Mis Horas', level: 1 })).toBeVisible();
    const month = page.getByRole('list', { name: /^Registros de / });
    await expect(month.getByRole('listitem').filter({ hasText: eventName })).toContainText('0h 0m');
    await expect(page.getByRole('region', { name: /^Total de / })).toContainText('0h 0m');

    // The supervisor, at a desk, finds it in the time log with its locations in a popover.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const supervisorPage = await desk.newPage();
    await expectInTimeLog(supervisorPage);
    await desk.close();
  });
});

test.describe('with location and notifications granted, at a desk', () => {
  test.use({ permissions: ['geolocation', 'notifications'], geolocation: madrid });

  test('clock in and out from the panel', async ({ page }) => {
    await signIn(page, panelEmployee.username, panelEmployee.password);
    await shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` }).click();
    await expect(toast(page)).toContainText('Temporizador iniciado');
    const running = page.getByRole('region', { name: 'Turno en curso' });
    await expect(running).toContainText(eventName);
    await expect(running.getByRole('timer')).toHaveText(/^00:0\d:\d\d$/);

    await running.getByRole('button', { name: 'Detener' }).click();
    await page.getByRole('dialog', { name: '¿Terminar el turno?' }).getByRole('button', { name: 'Terminar turno' }).click();
    await expect(toast(page)).toContainText('Temporizador detenido');
    await expect(running).toHaveCount(0);
    const mine = await withApi(panelEmployee, (api) => api.get<MyRecordsResponse>('/time-records/mine?limit=5'));
    expect(mine.records).toHaveLength(1);
    expect(mine.records[0]).toMatchObject({ eventName, status: 'completado' });
  });
});

async function expectInTimeLog(page: Page) {
  await signIn(page, supervisor.username, supervisor.password);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Fichajes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Fichajes', level: 1, exact: true })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: employee.name }).filter({ hasText: eventName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('0h 0m');
  const subject = `Ubicación: ${employee.name}, ${eventName}`;
  await row.getByRole('button', { name: subject }).click();
  const popover = page.getByRole('dialog', { name: subject });
  await expect(popover).toContainText('40.4168, -3.7038');
  await expect(popover).toContainText('Precisión: ± 15 m');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
}

/** Clicks 'Iniciar Turno', expects the toast, and proves no clock-in request left the browser. */
async function expectBlockedStart(page: Page, title: string, description: string) {
  const starts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/time-records/start')) starts.push(request.url());
  });
  await signIn(page, deniedEmployee.username, deniedEmployee.password);
  await shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` }).click();
  await expect(toast(page)).toContainText(title);
  await expect(toast(page)).toContainText(description);
  await expect(page.getByRole('timer')).toHaveCount(0);
  expect(starts).toEqual([]);
  const active = await withApi(deniedEmployee, (api) => api.get<ActiveTimerResponse>('/time-records/active'));
  expect(active.record).toBeNull();
}

/**
 * Notifications off (blocked, dismissed, refused, or the prompt failing): the clock-in goes
 * through all the same, the record is on the server, the timer runs, and a short note on the timer
 * says the notification is off and how to turn it on. Stops the shift at the end.
 */
async function expectStartWithoutNotifications(page: Page, person: TestPerson, howTo: RegExp) {
  await signIn(page, person.username, person.password);
  await shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` }).click();
  await expect(toast(page)).toContainText('Temporizador iniciado');
  const running = page.getByRole('region', { name: 'Turno en curso' });
  await expect(running).toContainText(eventName);
  const timer = running.getByRole('timer', { name: 'Tiempo transcurrido' });
  await expect(timer).toHaveText(/^00:0\d:\d\d$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '', { timeout: 3_000 });
  const hint = running.getByRole('note', { name: 'Aviso del temporizador' });
  await expect(hint).toContainText('Aviso del temporizador desactivado.');
  await expect(hint).toContainText(howTo);

  const active = await withApi(person, (api) => api.get<ActiveTimerResponse>('/time-records/active'));
  expect(active.record?.eventName).toBe(eventName);
  expect(active.record?.startLocation).toMatchObject({ lat: madrid.latitude, lng: madrid.longitude });
  return { running, hint };
}

async function stopShift(page: Page) {
  const running = page.getByRole('region', { name: 'Turno en curso' });
  await running.getByRole('button', { name: 'Detener' }).click();
  await page.getByRole('dialog', { name: '¿Terminar el turno?' }).getByRole('button', { name: 'Terminar turno' }).click();
  await expect(toast(page)).toContainText('Temporizador detenido');
  await expect(running).toHaveCount(0);
  await expect(shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` })).toBeEnabled();
}

test.describe('with notifications off, the clock-in still goes through', () => {
  // The location is granted: only the notification is missing, and it never blocks a clock-in.
  test.use({ permissions: ['geolocation'], geolocation: madrid });

  test.describe('nothing asked beforehand', () => {
    // No stub: headless Chromium answers an ungranted notification request itself.
    test('shows the browser refusal of notifications', async ({ page }) => {
      await expectStartWithoutNotifications(page, quietEmployees[0] as TestPerson, /ajustes del navegador|Actívalo/);
      await stopShift(page);
    });
  });

  test.describe('notifications blocked', () => {
    // Blocked beforehand in the browser's settings: no prompt at all. Stubbed, as Playwright cannot set "denied".
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
    });
    test('clocks in and says how to allow them in the browser settings', async ({ page }) => {
      const { hint } = await expectStartWithoutNotifications(page, quietEmployees[1] as TestPerson, /permite las notificaciones de este sitio en los ajustes del navegador/);
      // The browser will not ask again, so there is nothing to click: only the way to the settings.
      await expect(hint.getByRole('button')).toHaveCount(0);
      await stopShift(page);
    });
  });

  test.describe('notifications prompt dismissed', () => {
    // A dismissed prompt leaves the permission at "default"; headless Chromium cannot dismiss one.
    // The next prompt is accepted, as a guard who changes their mind would.
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => {
        const answers: NotificationPermission[] = ['default', 'granted'];
        let permission: NotificationPermission = 'default';
        Object.defineProperty(Notification, 'permission', { get: () => permission });
        Notification.requestPermission = () => {
          permission = answers.shift() ?? permission;
          return Promise.resolve(permission);
        };
      });
    });
    test('clocks in, and the hint asks again', async ({ page }) => {
      const { running, hint } = await expectStartWithoutNotifications(page, quietEmployees[2] as TestPerson, /Actívalo/);
      await hint.getByRole('button', { name: 'Activar aviso' }).click();
      await expect(hint).toHaveCount(0);
      await expect(running.getByRole('timer')).toBeVisible();
      await stopShift(page);
    });
  });

  test.describe('the notification prompt itself fails', () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => {
        Object.defineProperty(Notification, 'permission', { get: () => 'default' });
        Notification.requestPermission = () => Promise.reject(new Error('broken'));
      });
    });
    test('clocks in all the same', async ({ page }) => {
      await expectStartWithoutNotifications(page, quietEmployees[3] as TestPerson, /Actívalo/);
      await stopShift(page);
    });
  });
});

test.describe('with the location missing, nothing is stored', () => {
  test.describe('location not granted', () => {
    test.use({ permissions: ['notifications'] });
    test('shows Permiso de ubicación requerido', async ({ page }) => {
      await expectBlockedStart(page, 'Permiso de ubicación requerido', 'Debes permitir el acceso a la ubicación para fichar.');
    });
  });

  test.describe('no geolocation in the browser', () => {
    test.use({ permissions: ['notifications'] });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => {
        delete (Navigator.prototype as { geolocation?: unknown }).geolocation;
      });
    });
    test('shows La geolocalización no es compatible.', async ({ page }) => {
      await expectBlockedStart(page, 'Error', 'La geolocalización no es compatible.');
    });
  });
});
