import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Page } from '@playwright/test';
import { venueQrPayload } from '@jornada/shared/schemas/venue-code';
import { chromiumLaunch } from './playwright.config';
import { expect, test } from './support/test';
import { venueCodeAt, venueCodeForWindow, venueWindowOf } from '../apps/api/src/lib/venue-code';
import { adminSession, apiSession, createPerson, createTeam, uniqueSuffix, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * The venue code (issue 24, item 4): the supervisor's phone shows a QR and 6 digits that change
 * every 30 seconds; an employee of an event that asks for it types the digits and clocks in; a code
 * of an old window is refused with its reason, and the dialog lets them try again. The e2e server
 * has no test clock, so the old code is computed with the same pure module from the event's key,
 * read from the test database.
 */

const madrid = { latitude: 40.416775, longitude: -3.70379, accuracy: 15 };
const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, permissions: ['geolocation'], geolocation: madrid };

let supervisor: TestPerson;
let employees: TestPerson[];
let event: { id: string; name: string };

test.beforeAll(async () => {
  const admin = await adminSession();
  const team = await createTeam(admin);
  supervisor = team.supervisor;
  employees = [team.employee];
  for (let index = 0; index < 4; index += 1) employees.push(await createPerson(admin, { role: 'Empleado', companyId: team.company.id }));
  await admin.dispose();
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  const now = Date.now();
  const created = await asSupervisor.post<{ items: { id: string; name: string; requiresVenueCode: boolean }[] }>('/events', {
    name: `Feria ${uniqueSuffix()}`,
    location: 'Recinto Ferial',
    date: new Date(now - 5 * 60_000).toISOString(),
    endDate: new Date(now + 3 * 60 * 60_000).toISOString(),
    assignedEmployees: employees.map((person) => person.id),
    requiresVenueCode: true,
  });
  event = created.items[0]!;
  expect(created.items[0]!.requiresVenueCode).toBe(true);
  await asSupervisor.dispose();
});

/** The event's key as the server stored it (made the first time a supervisor shows the code). */
function venueSecret(): string {
  const db = new Database(process.env.E2E_DB!, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select venue_secret from events where id = ?').get(event.id) as { venue_secret: string | null } | undefined;
    if (!row?.venue_secret) throw new Error('the event has no venue secret yet');
    return row.venue_secret;
  } finally {
    db.close();
  }
}

async function openSupervisorCode(page: Page) {
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/manage-events');
  // A table row on a desktop, a card on a phone.
  const named = new RegExp(event.name);
  await page.getByRole('row', { name: named }).or(page.getByRole('article', { name: named })).getByRole('button', { name: 'Código del lugar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Código del lugar' });
  await expect(dialog.getByText(/^\d{3} \d{3}$/)).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Código QR del lugar' })).toBeVisible();
  return dialog;
}

async function openEmployeeCodeDialog(page: Page, person: TestPerson) {
  await signIn(page, person.username, person.password);
  await page.getByRole('region', { name: 'Turnos en curso' }).getByRole('button', { name: `Iniciar Turno: ${event.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Código del lugar' });
  await expect(dialog).toContainText('Este evento pide el código del lugar: escanéalo o escribe sus 6 cifras.');
  await expect(dialog.getByRole('button', { name: 'Escanear' })).toBeVisible();
  return dialog;
}

const toast = (page: Page) => page.getByRole('region', { name: /Notificaciones/ }).getByRole('listitem');

test('the supervisor shows the code, an employee types it and clocks in', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const codeView = await openSupervisorCode(page);
  const countdown = codeView.getByText(/^Cambia en \d+ s$/);
  await expect(countdown).toBeVisible();
  const firstCount = await countdown.textContent();
  await expect(countdown).not.toHaveText(firstCount ?? '', { timeout: 3_000 });

  const phoneContext = await browser.newContext(phone);
  const employeePage = await phoneContext.newPage();
  const dialog = await openEmployeeCodeDialog(employeePage, employees[0]!);
  // Read just before typing: the code of the window shown now (the previous one is accepted too).
  const digits = (await codeView.getByText(/^\d{3} \d{3}$/).textContent())!.replace(' ', '');
  await dialog.getByLabel('Escribe las 6 cifras').fill(digits);
  await dialog.getByRole('button', { name: 'Iniciar Turno' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(employeePage)).toContainText('Temporizador iniciado');
  await expect(employeePage.getByRole('region', { name: 'Turno en curso' })).toContainText(event.name);
  await phoneContext.close();

  // The code view is still alive and still counting.
  await expect(codeView.getByText(/^\d{3} \d{3}$/)).toBeVisible();
});

test.describe('an employee on a phone', () => {
  test.use(phone);

  test('an expired code and a wrong one are refused with their reasons; the code of now clocks in', async ({ page }) => {
    // The key exists once a supervisor has shown the code.
    const asSupervisor = await apiSession(supervisor.username, supervisor.password);
    await asSupervisor.get(`/events/${event.id}/venue-code`);
    await asSupervisor.dispose();
    const secret = venueSecret();

    const dialog = await openEmployeeCodeDialog(page, employees[1]!);
    const input = dialog.getByLabel('Escribe las 6 cifras');
    const old = venueCodeForWindow(secret, event.id, venueWindowOf(Date.now()) - 3);
    await input.fill(old);
    await dialog.getByRole('button', { name: 'Iniciar Turno' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('El código del lugar ha caducado: escanea el que se ve ahora.');
    await expect(dialog).toBeVisible();

    const current = venueCodeAt(secret, event.id, Date.now());
    const wrong = String((Number(current) + 500_000) % 1_000_000).padStart(6, '0');
    await input.fill(wrong);
    await dialog.getByRole('button', { name: 'Iniciar Turno' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('El código del lugar no es correcto.');

    await input.fill('12');
    await dialog.getByRole('button', { name: 'Iniciar Turno' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('El código del lugar son 6 cifras.');

    await input.fill(venueCodeAt(secret, event.id, Date.now()));
    await dialog.getByRole('button', { name: 'Iniciar Turno' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Turno en curso' })).toContainText(event.name);
  });

  test("'Cancelar' closes the dialog and clocks nothing in", async ({ page }) => {
    const dialog = await openEmployeeCodeDialog(page, employees[2]!);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Turnos en curso' }).getByRole('button', { name: `Iniciar Turno: ${event.name}` })).toBeEnabled();
  });
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test(`@screenshots venue code: the supervisor's view and the employee's dialog (${viewport.name})`, async ({ page, browser }) => {
    const outDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
    mkdirSync(outDir, { recursive: true });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const codeView = await openSupervisorCode(page);
    await expect(codeView.getByText(/^Cambia en \d+ s$/)).toBeVisible();
    await page.screenshot({ path: join(outDir, `${viewport.name}-supervisor-venue-code.png`) });

    const context = await browser.newContext({ ...phone, viewport: { width: viewport.width, height: viewport.height }, isMobile: viewport.name === 'phone' });
    const employeePage = await context.newPage();
    const dialog = await openEmployeeCodeDialog(employeePage, employees[3]!);
    await dialog.getByLabel('Escribe las 6 cifras').fill('000000');
    await dialog.getByRole('button', { name: 'Iniciar Turno' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await employeePage.screenshot({ path: join(outDir, `${viewport.name}-employee-venue-code.png`) });
    await context.close();
  });
}

/**
 * A camera that films `text` as a QR: a one-frame Y4M video (Chromium loops it) for Chromium's
 * fake capture device, so 'Escanear' reads it through the real camera path.
 */
async function qrVideo(text: string): Promise<string> {
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const width = 640;
  const height = 480;
  const scale = 10;
  const side = modules.size * scale;
  const left = (width - side) / 2;
  const top = (height - side) / 2;
  const luma = Buffer.alloc(width * height, 255);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * width + left + x] = 0;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const path = join(tmpdir(), `jornada-qr-${uniqueSuffix()}.y4m`);
  writeFileSync(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]));
  return path;
}

test('an employee scans the QR with the camera and clocks in', async () => {
  test.setTimeout(120_000);
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  await asSupervisor.get(`/events/${event.id}/venue-code`);
  await asSupervisor.dispose();
  const secret = venueSecret();
  // The QR of now: valid for this window and the next (the previous window is accepted).
  const video = await qrVideo(venueQrPayload(event.id, venueCodeAt(secret, event.id, Date.now())));
  const browser = await chromium.launch({
    ...chromiumLaunch,
    args: [...chromiumLaunch.args, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  const problems: string[] = [];
  try {
    const context = await browser.newContext({ ...phone, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    await context.grantPermissions(['geolocation', 'camera']);
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    const dialog = await openEmployeeCodeDialog(page, employees[4]!);
    await dialog.getByRole('button', { name: 'Escanear' }).click();
    await expect(dialog.getByLabel('Cámara: apunta al código QR del lugar')).toBeVisible();
    // Read, then sent on its own: the dialog closes on the accepted clock-in.
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Turno en curso' })).toContainText(event.name);
  } finally {
    await browser.close();
    rmSync(video, { force: true });
  }
  expect(problems).toEqual([]);
});
