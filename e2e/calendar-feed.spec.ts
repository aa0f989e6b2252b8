import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { adminSession, createTeam, uniqueSuffix, withApi } from './support/api';
import { expect, test } from './support/test';
import { signIn } from './support/ui';

/*
 * Issue 28 item 6 (decision 047): an employee on a phone makes the private calendar address of their
 * shifts in 'Mis Turnos', a calendar app (here: a request without a session) reads the shift from it,
 * the dialog then says when it was last read, and revoking it makes the address answer 404.
 */
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');

async function staffedTeam() {
  const api = await adminSession();
  const made = await createTeam(api);
  await api.dispose();
  const eventName = `Concierto ${uniqueSuffix()}`;
  await withApi(made.supervisor, (supervisor) =>
    supervisor.post('/events', {
      name: eventName,
      location: 'Palacio de Deportes',
      date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 2 * 86_400_000 + 6 * 3_600_000).toISOString(),
      type: 'momentary',
      assignedEmployees: [made.employee.id],
    }),
  );
  return { ...made, eventName };
}

/** What a calendar app gets: a plain GET without the app's cookies. */
async function readFeed(baseURL: string, address: string) {
  const calendarApp = await playwrightRequest.newContext({ baseURL });
  try {
    const response = await calendarApp.get(new URL(address).pathname);
    return { status: response.status(), type: response.headers()['content-type'], text: await response.text() };
  } finally {
    await calendarApp.dispose();
  }
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Calendario en tu móvil' }).click();
  return page.getByRole('dialog', { name: /Calendario en tu móvil|Dirección creada/ });
}

test.describe('on the employee’s phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('makes the calendar address, a calendar app reads the shift, and revoking it closes it', async ({ page, baseURL }) => {
    const { employee, eventName } = await staffedTeam();
    await signIn(page, employee.username, employee.password);
    await page.goto('/dashboard/shifts');
    await expect(page.getByRole('list', { name: 'Turnos' })).toContainText(eventName);

    let dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Crear dirección' }).click();
    await expect(dialog.getByRole('heading', { name: 'Dirección creada' })).toBeVisible();
    const address = await dialog.getByLabel('Dirección del calendario').inputValue();
    expect(address).toMatch(/\/api\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expect(dialog.getByRole('link', { name: 'Abrir en el calendario' })).toHaveAttribute('href', address.replace(/^https?:/, 'webcal:'));

    const feed = await readFeed(baseURL!, address);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.text.replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:${eventName}`);

    await dialog.getByRole('button', { name: 'Hecho' }).click();
    await expect(dialog).toBeHidden();
    // The screen still works after the dialog, and the address is not shown again.
    await expect(page.getByRole('list', { name: 'Turnos' })).toContainText(eventName);
    dialog = await openDialog(page);
    await expect(dialog.getByText('Creada', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Última lectura', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Ningún calendario la ha leído todavía')).toHaveCount(0);
    await expect(dialog.getByLabel('Dirección del calendario')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Revocar', exact: true }).click();
    await dialog.getByRole('button', { name: 'Revocar dirección' }).click();
    await expect(dialog.getByRole('button', { name: 'Crear dirección', exact: true })).toBeVisible();
    expect((await readFeed(baseURL!, address)).status).toBe(404);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Turnos' })).toContainText(eventName);
  });
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots calendar feed ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the calendar address, just made', async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const { employee } = await staffedTeam();
      await signIn(page, employee.username, employee.password);
      await page.goto('/dashboard/shifts');
      const dialog = await openDialog(page);
      await dialog.getByRole('button', { name: 'Crear dirección' }).click();
      await expect(dialog.getByLabel('Dirección del calendario')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `calendar-feed-${viewport.name}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
