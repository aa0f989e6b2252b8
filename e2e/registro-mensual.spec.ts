import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { instantFromLocalDateTime, monthKeyOf } from '@jornada/shared/format';
import { adminSession, apiSession, createTeam, type TestPerson } from './support/api';
import { drawSignature, madridDay, signIn } from './support/ui';

/*
 * Registro de jornada (issue 11 parts 4 and 6): the employee downloads the closed month as PDF and
 * CSV and signs it; a supervisor assigning someone against the rest rule is warned and can
 * 'Asignar igualmente'. Screenshots at 375 and 1280 px go to SCREENSHOT_DIR when set.
 */
let supervisor: TestPerson;
let employee: TestPerson;
let company: { id: string; name: string };

const shotDir = process.env.SCREENSHOT_DIR;
async function shoot(page: Page, name: string) {
  if (!shotDir) return;
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`), fullPage: true });
}

test.beforeAll(async () => {
  const api = await adminSession();
  ({ company, supervisor, employee } = await createTeam(api));
  await api.dispose();
});


function previousMonth(): string {
  const [year, month] = monthKeyOf(new Date()).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

test('the employee downloads the closed month as PDF and CSV, signs it and sees «Firmado el …»', async ({ page }) => {
  const month = previousMonth();
  await signIn(page, employee.username, employee.password);
  await page.goto(`/dashboard/my-registro?month=${month}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de Jornada' })).toBeVisible();
  await expect(page.getByText('Pendiente de firma')).toBeVisible();

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^Registro de jornada .*\.pdf$/);
  expect(readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe('%PDF-');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar CSV' }).click()]);
  const csvBytes = readFileSync(await csv.path());
  expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csvBytes.toString('utf8')).toContain('Empresa;Trabajador;Usuario;Fecha;');
  await shoot(page, 'desktop-my-registro-before');

  await page.getByRole('button', { name: 'Firmar el mes' }).click();
  const dialog = page.getByRole('dialog', { name: /Firmar el registro de/ });
  await dialog.getByRole('button', { name: 'Firmar el mes' }).click();
  await expect(dialog.getByText('Firma el registro antes de enviarlo.')).toBeVisible();
  await drawSignature(page, dialog.locator('canvas'));
  await dialog.getByRole('button', { name: 'Firmar el mes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Firmado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Firmar el mes' })).toHaveCount(0);
  await shoot(page, 'desktop-my-registro-signed');
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'phone-my-registro-signed');

  // The current month cannot be signed yet.
  await page.goto('/dashboard/my-registro');
  await expect(page.getByText('Solo se puede firmar un mes ya cerrado.')).toBeVisible();
});

test('the supervisor sees who signed and opens the rules', async ({ page }) => {
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto(`/dashboard/company-registro?month=${previousMonth()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de Jornada de la Empresa' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: employee.name });
  await expect(row.getByText(/^Firmado el /)).toBeVisible();
  await shoot(page, 'desktop-company-registro');
  await row.getByRole('button', { name: `Ver registro de ${employee.name}` }).click();
  await expect(page.getByRole('dialog', { name: `Registro de ${employee.name}` })).toBeVisible();
  await shoot(page, 'desktop-company-registro-employee');
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/working-time-rules');
  await expect(page.getByText(`${company.name} aplica los valores del Estatuto de los Trabajadores.`)).toBeVisible();
  await page.getByLabel('Horas extra máximas al año').fill('90');
  await page.getByRole('button', { name: 'Guardar normas' }).click();
  await expect(page.getByText('Horas extra máximas al año: no puede superar 80 h (límite del Estatuto de los Trabajadores).')).toBeVisible();
  await page.getByLabel('Horas extra máximas al año').fill('80');
  await page.getByLabel('Descanso mínimo entre jornadas (horas)').fill('12');
  // The annual jornada (issue 26): optional, whole hours of a year.
  const annual = page.getByLabel('Jornada anual (horas ordinarias al año)');
  await expect(annual).toHaveValue('');
  await annual.fill('9000');
  await page.getByRole('button', { name: 'Guardar normas' }).click();
  await expect(page.getByText('Jornada anual: no puede superar 8784 h.')).toBeVisible();
  await annual.fill('1782');
  await page.getByRole('button', { name: 'Guardar normas' }).click();
  await expect(page.getByText(/cambiadas por/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Jornada anual (horas ordinarias al año)')).toHaveValue('1782');
  await shoot(page, 'desktop-working-time-rules');
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'phone-working-time-rules');
  await page.goto(`/dashboard/company-registro?month=${previousMonth()}`);
  await expect(page.getByRole('listitem').filter({ hasText: employee.name })).toBeVisible();
  await shoot(page, 'phone-company-registro');
});

test("a supervisor assigning against the rest rule is warned and can 'Asignar igualmente'", async ({ page }) => {
  // The employee works 14:00–22:00 the day after tomorrow (arranged through the API).
  const day = madridDay(2);
  const next = madridDay(3);
  const api = await apiSession(supervisor.username, supervisor.password);
  await api.post('/events', {
    name: 'Turno de tarde',
    location: 'Almacén',
    date: instantFromLocalDateTime(`${day}T14:00`),
    endDate: instantFromLocalDateTime(`${day}T22:00`),
    assignedEmployees: [employee.id],
  });
  await api.dispose();

  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/manage-events');
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  await dialog.getByLabel('Nombre', { exact: true }).fill('Turno de mañana');
  await dialog.getByLabel('Ubicación', { exact: true }).fill('Almacén');
  await dialog.getByLabel('Inicio', { exact: true }).fill(`${next}T06:00`);
  await dialog.getByLabel('Fin', { exact: true }).fill(`${next}T14:00`);
  await dialog.getByRole('button', { name: 'Asignar empleados' }).click();
  const staff = page.getByRole('dialog', { name: 'Asignar empleados' });
  await staff.getByRole('checkbox', { name: employee.name }).check();
  await staff.getByRole('button', { name: 'Listo' }).click();
  await dialog.getByRole('button', { name: 'Crear evento' }).click();

  const warning = dialog.getByRole('alert').filter({ hasText: 'La asignación incumple las normas de jornada' });
  await expect(warning).toContainText(`${employee.name}`);
  await expect(warning).toContainText('Descanso entre jornadas: 8 h, mínimo 12 h (faltan 4 h)');
  await shoot(page, 'desktop-assignment-warning');
  await warning.getByRole('button', { name: 'Asignar igualmente' }).click();
  await expect(page.getByText('Evento creado', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
});
