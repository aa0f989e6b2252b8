import type { Locator, Page, Response } from '@playwright/test';
import { expect, test } from './support/test';
import { adminSession, createTeam, newPassword, type TestPerson } from './support/api';
import { signIn } from './support/ui';

let employee: TestPerson;

test.beforeAll(async () => {
  const api = await adminSession();
  ({ employee } = await createTeam(api));
  await api.dispose();
});

/**
 * Clicks «Cambiar contraseña» and waits for the server's answer, so that a failure tells whether the
 * request left the browser and what came back, not only that a message never showed.
 */
async function submitToServer(page: Page, submit: Locator): Promise<Response> {
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/account/password', { timeout: 10_000 }),
    submit.click(),
  ]);
  return answer;
}

test('an employee changes their password in Mi Cuenta and signs in with the new one', async ({ page }) => {
  test.slow(); // four submissions and three sign-ins, each hashing a password on the server
  await signIn(page, employee.username, employee.password);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mi Cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Mi Cuenta', level: 1 })).toBeVisible();
  const current = page.getByLabel('Contraseña actual');
  const next = page.getByLabel('Nueva contraseña');
  const confirm = page.getByLabel('Confirmar contraseña');
  const submit = page.getByRole('button', { name: 'Cambiar contraseña' });
  const replacement = newPassword();
  const weakMessage = page.getByText('La contraseña debe tener 8+ caracteres, una mayúscula y un carácter especial.');
  const mismatchMessage = page.getByText('Las nuevas contraseñas no coinciden.');
  const wrongCurrentText = 'La contraseña actual es incorrecta.';
  const wrongCurrentMessage = page.getByText(wrongCurrentText);

  await current.fill(employee.password);
  await next.fill('corta');
  await confirm.fill('corta');
  await submit.click();
  await expect(weakMessage).toBeVisible();

  await next.fill(replacement);
  await expect(weakMessage).toBeHidden();
  await confirm.fill(`${replacement}x`);
  await submit.click();
  await expect(mismatchMessage).toBeVisible();

  await current.fill('No-Es-La-Mia-1!');
  await confirm.fill(replacement);
  // Corrected, the mismatch message goes at once (and the button no longer moves under the click).
  await expect(mismatchMessage).toBeHidden();
  const refused = await submitToServer(page, submit);
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ error: { message: wrongCurrentText } });
  await expect(wrongCurrentMessage).toBeVisible();
  await expect(current).toBeFocused();

  await current.fill(employee.password);
  await expect(wrongCurrentMessage).toBeHidden();
  const accepted = await submitToServer(page, submit);
  expect(accepted.status()).toBe(200);
  await expect(page.getByText('Contraseña cambiada con éxito.', { exact: true })).toBeVisible();
  await expect(current).toHaveValue('');

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(employee.username);
  await page.getByLabel('Contraseña').fill(employee.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error de autenticación' })).toBeVisible();
  await signIn(page, employee.username, replacement);
  await expect(page.getByRole('heading', { name: 'Panel Principal' })).toBeVisible();
});
