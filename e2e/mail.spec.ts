import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CreateEventsResponse } from '@jornada/shared/schemas/events';
import { renderMail } from '../apps/api/src/features/mail/render-mail';
import { admin } from './support/credentials';
import { adminSession, apiSession, createTeam, uniqueSuffix, type TestPerson } from './support/api';
import { expect, test } from './support/test';
import { waitForMail } from './support/mailbox';
import { signIn } from './support/ui';

/*
 * Decision 035. The e2e server sends through the test mailbox (e2e/support/mailbox-server.ts): a
 * notification's e-mail reaches it, and the platform Administrador reads the same mail, sent, in
 * 'Correos Enviados'. (Without SMTP_URL a mail stays 'Sin enviar': the API tests cover that.) An
 * employee, on a phone, turns e-mails for one kind off in 'Mi Cuenta → Notificaciones' and the
 * choice is saved.
 */

let supervisor: TestPerson;
let employee: TestPerson;
let companyName: string;

test.beforeAll(async () => {
  const api = await adminSession();
  const team = await createTeam(api);
  ({ supervisor, employee } = team);
  companyName = team.company.name;
  await api.dispose();
});

async function assignToNewEvent(name: string): Promise<void> {
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  try {
    const start = Date.now() + 3 * 86_400_000;
    await asSupervisor.post<CreateEventsResponse>('/events', {
      name,
      location: 'Palacio de Deportes',
      date: new Date(start).toISOString(),
      endDate: new Date(start + 4 * 3_600_000).toISOString(),
      type: 'momentary',
      assignedEmployees: [employee.id],
    });
  } finally {
    await asSupervisor.dispose();
  }
}

test('the Administrador finds a notification’s e-mail in Correos Enviados and opens its text', async ({ page }) => {
  const name = `Concierto ${uniqueSuffix()}`;
  await assignToNewEvent(name);
  await signIn(page, admin.username, admin.password);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Correos Enviados' }).click();
  await expect(page.getByRole('heading', { name: 'Correos Enviados', level: 1 })).toBeVisible();
  const mails = page.getByRole('list', { name: 'Correos' });
  const row = mails.getByRole('listitem').filter({ hasText: `${employee.username}@example.test` }).first();
  // The job runs within a moment of the commit and sends it to the test SMTP server.
  const received = await waitForMail(`${employee.username}@example.test`, 'Nuevo turno asignado', 40_000);
  expect(received.text).toContain(`«${name}»`);
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Enviado', { exact: true })).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 40_000 });
  await expect(row.getByText('Nuevo turno asignado', { exact: true })).toBeVisible();
  await expect(row.getByText(`Para ${employee.username}@example.test · ${companyName}`)).toBeVisible();
  await row.getByText('Nuevo turno asignado', { exact: true }).click();
  await expect(row.getByText(`«${name}»`)).toBeVisible();
  await expect(row.getByText(/Abrir en Jornada: http:\/\/.*\/dashboard\/shifts/)).toBeVisible();

  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Tareas Fallidas' }).click();
  await expect(page.getByRole('heading', { name: 'Tareas Fallidas', level: 1 })).toBeVisible();
});

test.describe('on the employee’s phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('turns off e-mails for new assignments in Mi Cuenta; the choice is kept', async ({ page }) => {
    await signIn(page, employee.username, employee.password);
    await page.goto('/dashboard/account');
    const section = page.getByRole('region', { name: 'Notificaciones' });
    await expect(section).toBeVisible();
    const emailAssigned = section.getByRole('checkbox', { name: 'Correo: Te asignan a un evento' });
    const pushAssigned = section.getByRole('checkbox', { name: 'Push: Te asignan a un evento' });
    await expect(emailAssigned).toBeChecked();
    await expect(pushAssigned).toBeChecked();
    await expect(section.getByRole('checkbox', { name: 'Correo: Alguien no ha fichado al empezar su turno' })).not.toBeChecked();
    const save = section.getByRole('button', { name: 'Guardar avisos' });
    await expect(save).toBeDisabled();
    await emailAssigned.click();
    await expect(emailAssigned).not.toBeChecked();
    // The table fits the phone: no sideways scroll of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await save.click();
    await expect(page.getByText('Avisos guardados', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Notificaciones' }).getByRole('checkbox', { name: 'Correo: Te asignan a un evento' })).not.toBeChecked();
    await expect(page.getByRole('region', { name: 'Notificaciones' }).getByRole('checkbox', { name: 'Push: Te asignan a un evento' })).toBeChecked();
  });
});

// `--project=screenshots`: a notification e-mail as a mail client shows it, at phone and desktop width.
for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots ${viewport.name} e-mail`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test('a rendered notification e-mail', async ({ page }) => {
      const outDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
      mkdirSync(outDir, { recursive: true });
      const mail = renderMail({
        companyName: 'Vigilancia Norte S.L.',
        subject: 'Nuevo turno asignado',
        heading: 'Nuevo turno asignado',
        paragraphs: ['Te han asignado al evento «Concierto de Navidad» el 28/11/2026 19:00 en Palacio de Deportes.'],
        action: { label: 'Abrir en Jornada', url: 'https://jornada.example.es/dashboard/shifts' },
        footer: 'Recibes este correo por tus avisos de Jornada. Puedes elegir qué avisos te llegan por correo en Mi Cuenta → Notificaciones.',
      });
      await page.setContent(mail.html);
      await expect(page.getByRole('link', { name: 'Abrir en Jornada' })).toBeVisible();
      await page.screenshot({ path: join(outDir, `${viewport.name}-email-notification.png`), fullPage: true });
    });
    test('the notification preferences in Mi Cuenta', async ({ page }) => {
      const outDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
      mkdirSync(outDir, { recursive: true });
      await signIn(page, employee.username, employee.password);
      await page.goto('/dashboard/account');
      const section = page.getByRole('region', { name: 'Notificaciones' });
      await expect(section.getByRole('checkbox').first()).toBeVisible();
      await section.screenshot({ path: join(outDir, `${viewport.name}-account-notification-preferences.png`) });
    });
  });
}
