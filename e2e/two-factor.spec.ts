import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { request } from '@playwright/test';
import { admin } from './support/credentials';
import { adminSession, createTeam, withApi } from './support/api';
import { expect, test } from './support/test';
import { signIn } from './support/ui';

/*
 * Issue 28 item 7 (decision 055): an employee on a phone sets up two-factor sign-in in Mi Cuenta
 * (the code is computed here from the secret the screen shows, as an authenticator app would),
 * then signs in again with the password and the 'Código de verificación'.
 */
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/\s+/g, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 (SHA-1, 6 digits, 30 s), `stepsAhead` steps after now. */
function totp(secret: string, stepsAhead = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + stepsAhead));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function employee() {
  const api = await adminSession();
  const made = await createTeam(api);
  await api.dispose();
  return made.employee;
}

async function startEnrolment(page: Page) {
  await page.goto('/dashboard/account');
  const section = page.getByRole('region', { name: 'Verificación en dos pasos' });
  await section.getByRole('button', { name: 'Configurar verificación en dos pasos' }).click();
  await expect(section.getByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toBeVisible();
  const secretBox = section.getByTestId('two-factor-secret');
  await expect(secretBox).not.toHaveAttribute('data-secret', '');
  // What a person types from the screen: the grouped text, spaces dropped.
  const secret = (await secretBox.innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(secret).toBe(await secretBox.getAttribute('data-secret'));
  return { section, secret };
}

async function finishEnrolment(page: Page, section: ReturnType<Page['getByRole']>, secret: string) {
  await section.getByLabel('Código de la aplicación').fill(totp(secret));
  await section.getByRole('button', { name: 'Activar' }).click();
  const codes = section.getByRole('list', { name: 'Códigos de recuperación' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  return codes;
}

async function passwordStep(page: Page, user: { username: string; password: string }) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(user.username);
  await page.getByLabel('Contraseña').fill(user.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
}

test.describe('on the employee’s phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('sets up two-factor sign-in and signs in with the code, remembering the device', async ({ page }) => {
    const user = await employee();
    await signIn(page, user.username, user.password);
    const { section, secret } = await startEnrolment(page);
    const codes = await finishEnrolment(page, section, secret);
    await section.getByRole('button', { name: 'He guardado los códigos' }).click();
    await expect(codes).toHaveCount(0);
    await expect(section.getByText('Te quedan 10 códigos de recuperación.')).toBeVisible();
    // The rest of Mi Cuenta still works.
    await expect(page.getByRole('region', { name: 'Cambiar contraseña' })).toBeVisible();

    await passwordStep(page, user);
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'jornada_session')).toBe(false);
    await page.getByLabel('Código de verificación').fill('000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText('El código de verificación no es correcto o ya se ha usado.')).toBeVisible();
    // The wrong code is the form's answer, not an expired session: no 'Sesión finalizada' toast.
    // Nothing on the page says that a toast was not raised, and a toast's code loads only when the
    // first one is: give it the time it took (about 200 ms here) several times over.
    // Counted once: toHaveCount(0) would wait for the toast to close by itself.
    await page.waitForTimeout(1_500);
    expect(await page.getByText('Sesión finalizada').count()).toBe(0);
    // The enrolment spent this step's code: the next step's is inside the window and unused.
    await page.getByLabel('Código de verificación').fill(totp(secret, 1));
    await page.getByLabel('Recordar este dispositivo durante 30 días').check();
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(/\/dashboard\//);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'jornada_device')).toMatchObject({ httpOnly: true, path: '/api/auth' });

    // The remembered device: the password alone signs in.
    await page.context().clearCookies({ name: 'jornada_session' });
    await page.goto('/login');
    await page.getByLabel('Usuario').fill(user.username);
    await page.getByLabel('Contraseña').fill(user.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(/\/dashboard\//);
    await page.goto('/dashboard/account');
    await expect(page.getByRole('region', { name: 'Verificación en dos pasos' }).getByText('Activada.')).toBeVisible();
  });
});

test('an administrator resets a user’s two-factor from the user’s edit dialog; the password alone signs in again', async ({ page }) => {
  const api = await adminSession();
  const team = await createTeam(api);
  await api.dispose();
  const { employee: user } = team;
  await withApi(user, async (own) => {
    const { secret } = await own.post<{ secret: string }>('/account/two-factor/setup');
    await own.post('/account/two-factor/confirm', { code: totp(secret) });
  });
  const signInWith = async () => {
    const context = await request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`, extraHTTPHeaders: { 'X-Requested-With': 'jornada' } });
    const answer = (await (await context.post('/api/auth/login', { data: { username: user.username, password: user.password } })).json()) as { twoFactor?: unknown; user?: unknown };
    await context.dispose();
    return answer;
  };
  expect((await signInWith()).twoFactor).toBeDefined();

  await signIn(page, admin.username, admin.password);
  await page.goto('/dashboard/manage-users');
  await page.getByLabel('Filtrar por empresa').selectOption(team.company.id);
  await page.getByRole('button', { name: `Editar ${user.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar usuario' });
  await dialog.getByRole('region', { name: 'Verificación en dos pasos' }).getByRole('button', { name: 'Restablecer' }).click();
  await expect(page.getByText('Verificación restablecida', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Guardar cambios' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  expect((await signInWith()).user).toBeDefined();
  await page.goto('/dashboard/action-log');
  await expect(page.getByText(`ha restablecido la verificación en dos pasos de «${user.name}»`)).toBeVisible();
});

test('a supervisor resets an employee’s two-factor from the employee’s dialog, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const api = await adminSession();
  const { supervisor, employee: user } = await createTeam(api);
  await api.dispose();
  await withApi(user, async (own) => {
    const { secret } = await own.post<{ secret: string }>('/account/two-factor/setup');
    await own.post('/account/two-factor/confirm', { code: totp(secret) });
  });
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/view-employees');
  await page.getByRole('button', { name: `Gestionar a ${user.name}` }).click();
  const dialog = page.getByRole('dialog', { name: user.name });
  await dialog.getByRole('region', { name: 'Verificación en dos pasos' }).getByRole('button', { name: 'Restablecer' }).click();
  await expect(page.getByText('Verificación restablecida', { exact: true })).toBeVisible();
  // The dialog still works after the reset: its tabs switch and it closes.
  await dialog.getByRole('tab', { name: 'Categorías' }).click();
  await expect(dialog.getByRole('tab', { name: 'Categorías' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const context = await request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`, extraHTTPHeaders: { 'X-Requested-With': 'jornada' } });
  const answer = (await (await context.post('/api/auth/login', { data: { username: user.username, password: user.password } })).json()) as { twoFactor?: unknown; user?: unknown };
  await context.dispose();
  expect(answer.user).toBeDefined();
  expect(answer.twoFactor).toBeUndefined();
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots two-factor ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the enrolment, the recovery codes and the code step', async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const user = await employee();
      await signIn(page, user.username, user.password);
      const { section, secret } = await startEnrolment(page);
      await section.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `two-factor-enrol-${viewport.name}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await finishEnrolment(page, section, secret);
      await page.screenshot({ path: join(screenshotsDir, `two-factor-codes-${viewport.name}.png`) });
      await passwordStep(page, user);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `two-factor-step-${viewport.name}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
