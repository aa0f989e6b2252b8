import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { canReachRoute, dashboardRoutes, type RoleName } from '@jornada/shared/permissions';
import type { SessionResponse } from '@jornada/shared/schemas/auth';
import { admin as adminCredentials } from './support/credentials';
import { adminSession, apiSession, createTeam, uniqueSuffix, type TestPerson } from './support/api';
import { expectAccessible, expectFocusTrapAndEscape, seriousViolations, settle } from './support/axe';
import { signIn } from './support/ui';

/*
 * Accessibility (issue 10): axe-core (WCAG 2.1 A and AA, colour contrast included) on the public
 * pages and on every dashboard screen each role can reach — the list comes from the shared route
 * table, so a new screen is covered without touching this file — and on the open dialogs of the
 * main flows, with zero serious or critical violations. The dialogs must also trap focus and close
 * with Escape; signing in and clocking in work with the keyboard alone.
 */

let supervisor: TestPerson;
let employee: TestPerson;
let eventName: string;

test.beforeAll(async () => {
  const api = await adminSession();
  ({ supervisor, employee } = await createTeam(api));
  await api.dispose();
  // An event under way today, staffed by the employee: the calendar, its dialog and clocking in.
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  eventName = `Feria ${uniqueSuffix()}`;
  const now = Date.now();
  await asSupervisor.post('/events', {
    name: eventName,
    location: 'Recinto ferial',
    date: new Date(now - 10 * 60_000).toISOString(),
    endDate: new Date(now + 3 * 60 * 60_000).toISOString(),
    type: 'momentary',
    assignedEmployees: [employee.id],
  });
  await asSupervisor.dispose();
});

test.use({ permissions: ['geolocation', 'notifications'], geolocation: { latitude: 40.4168, longitude: -3.7038, accuracy: 20 } });

/** Visits every screen the signed-in role reaches and returns the violations found, by screen. */
async function auditScreens(page: Page): Promise<{ visited: string[]; problems: string[] }> {
  const me = (await (await page.request.get('/api/auth/me')).json()) as SessionResponse;
  const { role, grantedViews } = me.profile;
  const visited: string[] = [];
  const problems: string[] = [];
  for (const { name } of dashboardRoutes) {
    if (!canReachRoute(role, name, grantedViews)) continue;
    visited.push(name);
    // One screen's failure is reported with its name, and the other screens are still checked.
    try {
      await page.goto(`/dashboard/${name}`);
      await expect(page).toHaveURL(new RegExp(`/dashboard/${name}`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settle(page);
      const found = await seriousViolations(page);
      if (found.length > 0) problems.push(`${role} /dashboard/${name}:\n${found.join('\n')}`);
    } catch (error) {
      problems.push(`${role} /dashboard/${name} did not load: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  return { visited, problems };
}

function expectScreensCovered(role: RoleName, visited: string[], problems: string[]) {
  const reachable = dashboardRoutes.filter((route) => (route.roles as readonly RoleName[]).includes(role)).length;
  test.info().annotations.push({ type: 'axe', description: `${role}: ${visited.length} screens checked (${visited.join(', ')})` });
  expect(visited.length, `${role} reaches at least the overview`).toBeGreaterThan(0);
  expect(visited.length).toBeLessThanOrEqual(reachable);
  // Soft: the dialog and keyboard checks of the same test still run and report.
  expect.soft(problems, problems.join('\n\n')).toEqual([]);
}

test.describe('accessibility', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the landing and login pages, and signing in with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Jornada', level: 1 })).toBeVisible();
    await settle(page);
    await expectAccessible(page, '/');

    await page.goto('/login');
    await expect(page.getByLabel('Usuario')).toBeVisible();
    await settle(page);
    await expectAccessible(page, '/login');

    // The required-field errors are announced and still pass.
    await page.getByLabel('Usuario').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/obligatori|requerid|introduce/i).first()).toBeVisible();
    await expectAccessible(page, '/login with errors');

    // Keyboard only: the skip link, then Tab through the form and Enter.
    await page.goto('/login');
    await expect(page.getByLabel('Usuario')).toBeVisible();
    const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');
    for (let press = 0; press < 15 && (await focusedName()) !== 'username'; press++) await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('username');
    await page.keyboard.type(employee.username);
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('password');
    await page.keyboard.type(employee.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
  });

  test('every screen of the administrator', async ({ page }) => {
    await signIn(page, adminCredentials.username, adminCredentials.password);
    const { visited, problems } = await auditScreens(page);
    expectScreensCovered('Administrador', visited, problems);
  });

  test('every screen of the supervisor, and the new event, vacation and loan dialogs', async ({ page }) => {
    await signIn(page, supervisor.username, supervisor.password);
    const { visited, problems } = await auditScreens(page);
    expectScreensCovered('Supervisor', visited, problems);

    const dialogs: Array<{ screen: string; open: string; dialog: string | RegExp }> = [
      { screen: 'manage-events', open: 'Nuevo evento', dialog: /evento/i },
      { screen: 'vacations', open: 'Nueva solicitud', dialog: /solicitud|vacaciones/i },
      { screen: 'manage-material', open: 'Prestar material', dialog: 'Prestar material' },
    ];
    for (const { screen, open, dialog: dialogName } of dialogs) {
      await page.goto(`/dashboard/${screen}`);
      const opener = page.getByRole('button', { name: open });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await expect(dialog).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${screen}: dialog '${open}'`);
      if (screen === 'vacations') {
        // A toast raised while the modal is open stays in the accessibility tree (getByRole skips aria-hidden).
        await dialog.getByRole('button', { name: 'Crear solicitud' }).click();
        await expect(page.getByRole('region', { name: /Notificaciones/ }).getByRole('listitem')).toContainText('Faltan datos');
        await dialog.getByRole('button', { name: 'Crear solicitud' }).focus();
      }
      await expectFocusTrapAndEscape(page, dialog);
      await expect(opener).toBeFocused();
      if (screen === 'vacations') {
        // Escape while that toast is still up (5 s) closes the dialog at once: the toast, the most
        // recently mounted Radix dismissable layer, used to take the Escape pressed in the dialog.
        await opener.click();
        await dialog.getByRole('button', { name: 'Crear solicitud' }).click();
        await expect(page.getByRole('region', { name: /Notificaciones/ }).getByRole('listitem')).toContainText('Faltan datos');
        await dialog.getByRole('button', { name: 'Crear solicitud' }).focus();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
      }
    }
  });

  test('every screen of the employee, the event dialog, and clocking in with the keyboard alone', async ({ page }) => {
    await signIn(page, employee.username, employee.password);
    const { visited, problems } = await auditScreens(page);
    expectScreensCovered('Empleado', visited, problems);

    // The clock-in dialog of today's event in the overview calendar.
    await page.goto('/dashboard/overview');
    await page.getByRole('button', { name: /^Hoy, .*1 evento/ }).click();
    const dialog = page.getByRole('dialog', { name: eventName });
    await expect(dialog.getByRole('button', { name: 'Iniciar Turno' })).toBeVisible();
    await settle(page);
    await expectAccessible(page, 'overview: event dialog');
    await expectFocusTrapAndEscape(page, dialog);

    // Keyboard only: Tab to the shift's 'Iniciar Turno' and press Enter.
    await page.goto('/dashboard/overview');
    const start = page.getByRole('button', { name: `Iniciar Turno: ${eventName}` });
    await expect(start).toBeVisible();
    await page.locator('body').focus();
    for (let press = 0; press < 80; press++) {
      await page.keyboard.press('Tab');
      if (await start.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(start).toBeFocused();
    await page.keyboard.press('Enter');
    const timer = page.getByRole('timer', { name: 'Tiempo transcurrido' });
    await expect(timer).toHaveText(/^00:0\d:\d\d$/);
    await settle(page);
    await expectAccessible(page, 'overview with the timer running and its toast');
    // And out again, still by keyboard.
    const stop = page.getByRole('button', { name: 'Detener' });
    await stop.focus();
    await page.keyboard.press('Enter');
    const confirmStop = page.getByRole('dialog', { name: '¿Terminar el turno?' });
    await expect(confirmStop).toBeVisible();
    await expectAccessible(page, 'the confirmation before stopping a shift');
    await confirmStop.getByRole('button', { name: 'Terminar turno' }).focus();
    await page.keyboard.press('Enter');
    await expect(timer).toHaveCount(0);
  });
});
