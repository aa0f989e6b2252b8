import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { adminSession, createTeam } from './support/api';
import { expect, test } from './support/test';
import { openMenuEntry, signIn } from './support/ui';

/*
 * Issue 28 item 4 (decision 054): a supervisor makes a personal API token in 'Tokens de API', sees it
 * once, another program (here: a request context without the app's cookies) calls the API with it
 * within its scopes, the list shows its last use, and revoking it closes it at once.
 */
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');

async function supervisor() {
  const api = await adminSession();
  const made = await createTeam(api);
  await api.dispose();
  return made.supervisor;
}

/** What another program does: a bare request with the bearer, no cookie, no CSRF header. */
async function callApi(baseURL: string, token: string, method: 'GET' | 'POST', path: string, data?: object) {
  const program = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  try {
    const response = method === 'GET' ? await program.get(path) : await program.post(path, { data });
    return { status: response.status(), body: await response.json() };
  } finally {
    await program.dispose();
  }
}

async function createToken(page: Page, name: string) {
  await page.getByRole('button', { name: 'Nuevo token' }).click();
  const dialog = page.getByRole('dialog', { name: /Nuevo token de API|Token creado/ });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByRole('checkbox', { name: /Leer tu perfil/ }).check();
  await dialog.getByRole('checkbox', { name: /Leer eventos/ }).check();
  await dialog.getByRole('button', { name: 'Crear token' }).click();
  await expect(dialog.getByRole('heading', { name: 'Token creado' })).toBeVisible();
  const token = await dialog.getByLabel('Token').inputValue();
  expect(token).toMatch(/^jrn_[A-Za-z0-9_-]{43}$/);
  return { dialog, token };
}

test('a token is shown once, works from another program within its scopes, shows its last use and stops when revoked', async ({ page, baseURL }) => {
  const person = await supervisor();
  await signIn(page, person.username, person.password);
  await openMenuEntry(page, 'Administración', 'Tokens de API');
  await expect(page.getByRole('heading', { name: 'Tokens de API', level: 1 })).toBeVisible();
  await expect(page.getByText('Todavía no tienes tokens de API.')).toBeVisible();

  const { dialog, token } = await createToken(page, 'Panel de la oficina');
  await expect(dialog.getByText('Cópialo ahora')).toBeVisible();
  await dialog.getByRole('button', { name: 'Hecho' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: 'Token: Panel de la oficina' });
  await expect(card).toContainText(`${token.slice(0, 8)}…`);
  await expect(card).toContainText('Sin usar');
  // Not shown again anywhere.
  expect(await page.content()).not.toContain(token);

  const me = await callApi(baseURL!, token, 'GET', '/api/auth/me');
  expect(me.status).toBe(200);
  expect(me.body.user.username).toBe(person.username);
  expect((await callApi(baseURL!, token, 'GET', '/api/events')).status).toBe(200);
  const outside = await callApi(baseURL!, token, 'POST', '/api/events', { name: 'Desde otro programa' });
  expect(outside.status).toBe(403);
  expect(outside.body.error.message).toContain('eventos:gestionar');

  await page.reload();
  await expect(card).toBeVisible();
  await expect(card).not.toContainText('Sin usar');
  await expect(card.getByText('Último uso', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Revocar' }).click();
  await page.getByRole('dialog', { name: 'Revocar token' }).getByRole('button', { name: 'Revocar token' }).click();
  await expect(card.getByText('Revocado', { exact: true }).first()).toBeVisible();
  const refused = await callApi(baseURL!, token, 'GET', '/api/auth/me');
  expect(refused.status).toBe(401);
  expect(refused.body.error.message).toBe('El token de API no es válido, ha caducado o se ha revocado.');
  // The screen still works after revoking: another token can be made.
  const second = await createToken(page, 'Segundo token');
  await second.dialog.getByRole('button', { name: 'Hecho' }).click();
  await expect(page.getByRole('article', { name: 'Token: Segundo token' })).toContainText('Activo');
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots api tokens ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the token just made, and the list', async ({ page, baseURL }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const person = await supervisor();
      await signIn(page, person.username, person.password);
      await page.goto('/dashboard/api-tokens');
      await page.getByRole('button', { name: 'Nuevo token' }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `api-tokens-form-${viewport.name}.png`) });
      await page.keyboard.press('Escape');
      const { dialog, token } = await createToken(page, 'Hoja de cálculo de nóminas');
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `api-tokens-created-${viewport.name}.png`) });
      await dialog.getByRole('button', { name: 'Hecho' }).click();
      expect((await callApi(baseURL!, token, 'GET', '/api/auth/me')).status).toBe(200);
      await page.reload();
      await expect(page.getByRole('article', { name: 'Token: Hoja de cálculo de nóminas' })).not.toContainText('Sin usar');
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `api-tokens-list-${viewport.name}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
