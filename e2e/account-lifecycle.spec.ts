import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { LINK_INVALID_MESSAGE, PASSWORD_RESET_REQUESTED_MESSAGE } from '@jornada/shared/schemas/account-lifecycle';
import { adminSession, apiSession, createCompany, createPerson, newPassword, uniqueSuffix, type ApiSession } from './support/api';
import { linkTo, waitForMail } from './support/mailbox';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/ui';

// Account links (decision 039) through the real mail path: the e2e server sends to the test SMTP
// server started by playwright.config.ts (support/mailbox-server.ts).

let api: ApiSession;
let companyId: string;

test.beforeAll(async () => {
  api = await adminSession();
  companyId = (await createCompany(api)).id;
});
test.afterAll(async () => {
  await api.dispose();
});

async function invite(): Promise<{ username: string; email: string; name: string }> {
  const suffix = uniqueSuffix();
  const person = { name: `Lucía Invitada ${suffix}`, username: `lucia.${suffix}`, email: `lucia.${suffix}@example.test` };
  await api.post('/users', { ...person, roleId: defaultRoleIds.Empleado, companyId, categoryIds: [], sendInvitation: true });
  return person;
}

async function fillNewPassword(page: Page, password: string) {
  await page.getByLabel('Nueva contraseña').fill(password);
  await page.getByLabel('Repite la contraseña').fill(password);
}

test('a forgotten password is reset from the login page through the mailed link, which then no longer works', async ({ page }) => {
  const person = await createPerson(api, { role: 'Empleado', companyId });
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/recuperar-contrasena$/);
  await page.getByLabel('Usuario o correo electrónico').fill(person.username);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText(PASSWORD_RESET_REQUESTED_MESSAGE)).toBeVisible();

  const mail = await waitForMail(`${person.username}@example.test`, 'Restablecer tu contraseña de Jornada');
  const link = linkTo(mail, '/restablecer-contrasena');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Elige una contraseña nueva' })).toBeVisible();
  // The token was read and dropped from the address bar.
  expect(page.url()).not.toContain('#');
  await fillNewPassword(page, 'corta');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('La contraseña debe tener 8+ caracteres, una mayúscula y un carácter especial.')).toBeVisible();
  const password = newPassword();
  await fillNewPassword(page, password);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
  (await apiSession(person.username, password)).dispose();

  await page.goto(link);
  await expect(page.getByText(LINK_INVALID_MESSAGE)).toBeVisible();
  await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).click();
  await expect(page).toHaveURL(/\/recuperar-contrasena$/);
});

test('Mi Cuenta: a new e-mail counts only once the link sent to it is opened', async ({ page }) => {
  const person = await createPerson(api, { role: 'Empleado', companyId });
  const oldEmail = `${person.username}@example.test`;
  const newEmail = `nuevo.${person.username}@example.test`;
  await signIn(page, person.username, person.password);
  await page.goto('/dashboard/account');
  const section = page.getByRole('region', { name: 'Correo electrónico' });
  await expect(section.getByText(oldEmail)).toBeVisible();
  await page.getByLabel('Nuevo correo electrónico').fill(newEmail);
  await page.getByLabel('Tu contraseña').fill(person.password);
  await page.getByRole('button', { name: 'Cambiar correo' }).click();
  await expect(page.getByText('Te hemos enviado un enlace a la nueva dirección.')).toBeVisible();
  await page.reload();
  await expect(section.getByText(oldEmail)).toBeVisible();

  await page.goto(linkTo(await waitForMail(newEmail, 'Confirma tu nuevo correo electrónico'), '/confirmar-correo'));
  await page.getByRole('button', { name: 'Confirmar correo' }).click();
  await expect(page.getByText('Tu correo electrónico se ha cambiado.')).toBeVisible();
  await page.goto('/dashboard/account');
  await expect(section.getByText(newEmail)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('an invited person creates a password from the mail and lands signed in', async ({ page }) => {
    const person = await invite();
    const mail = await waitForMail(person.email, 'Te han invitado a Jornada');
    expect(mail.text).toContain(person.username);
    await page.goto(linkTo(mail, '/crear-contrasena'));
    await expect(page.getByRole('heading', { name: 'Crear contraseña' })).toBeVisible();
    await expect(page.getByText('Hola, Lucía.')).toBeVisible();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await fillNewPassword(page, newPassword());
    await page.getByRole('button', { name: 'Crear contraseña' }).tap();
    await expect(page).toHaveURL(/\/dashboard\//);
  });
});

test.describe('@screenshots account links', () => {
  const outDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
  for (const viewport of [
    { name: 'phone', width: 375, height: 812 },
    { name: 'desktop', width: 1280, height: 800 },
  ] as const) {
    test.describe(viewport.name, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });
      test('invitation and reset request pages', async ({ page }) => {
        mkdirSync(outDir, { recursive: true });
        await page.goto('/recuperar-contrasena');
        await page.getByRole('heading', { name: 'Restablecer contraseña' }).waitFor();
        await page.screenshot({ path: join(outDir, `${viewport.name}-reset-request.png`), fullPage: true });
        const person = await invite();
        await page.goto(linkTo(await waitForMail(person.email, 'Te han invitado a Jornada'), '/crear-contrasena'));
        await page.getByRole('heading', { name: 'Crear contraseña' }).waitFor();
        await page.screenshot({ path: join(outDir, `${viewport.name}-invitation.png`), fullPage: true });
      });
    });
  }
});
