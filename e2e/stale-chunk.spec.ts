import { adminSession, createTeam, type TestPerson } from './support/api';
import { expect, test } from './support/test';
import { signIn } from './support/ui';

/*
 * Issue 25, item 9: a page loaded before a new build replaced the chunk files asks for a chunk that
 * no longer exists. The server answers 404 (not the app page), and the app reloads itself once onto
 * the new build instead of breaking ("Failed to load module script", React error #130).
 */

let employee: TestPerson;

test.beforeAll(async () => {
  const api = await adminSession();
  ({ employee } = await createTeam(api));
  await api.dispose();
});

test('a screen whose chunk is gone after a new build reloads the app once and opens', async ({ page, request }) => {
  const missing = await request.get('/assets/chunk-of-an-earlier-build-3f9a.js');
  expect(missing.status()).toBe(404);

  await signIn(page, employee.username, employee.password);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // From now on, the first script the page asks for is "gone", as after a deployment; later ones exist.
  let failed = '';
  await page.route('**/assets/*.js', async (route) => {
    if (failed) return route.continue();
    failed = route.request().url();
    await route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":{"code":"NOT_FOUND","message":"No se ha encontrado el recurso solicitado."}}' });
  });
  let loads = 0;
  page.on('load', () => loads++);

  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mi Cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Mi Cuenta', level: 1 })).toBeVisible();
  expect(failed).not.toBe('');
  expect(loads).toBe(1);
  await expect(page.getByText('Algo ha salido mal')).toHaveCount(0);
  // The screen works after the reload: its form is there and usable.
  await expect(page.getByLabel('Contraseña actual')).toBeEditable();
});
