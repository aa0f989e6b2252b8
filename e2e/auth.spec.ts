import { expect, test } from './support/test';
import { admin } from './support/credentials';
import { signIn } from './support/ui';

test.describe('landing and sign-in', () => {
  test('the landing page leads to the login page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Jornada');
    await page.getByRole('link', { name: 'Acceder a la Plataforma' }).or(page.getByRole('button', { name: 'Acceder a la Plataforma' })).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Bienvenido de nuevo')).toBeVisible();
  });

  test('a wrong password shows the authentication alert and stores nothing', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Usuario').fill(admin.username);
    await page.getByLabel('Contraseña').fill('Incorrecta-1!');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error de autenticación' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Usuario o contraseña incorrectos');
    await expect(page).toHaveURL(/\/login$/);
    const cookies = await page.context().cookies();
    expect(cookies.filter((cookie) => cookie.name === 'jornada_session')).toHaveLength(0);
  });

  test('both fields are required', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(/obligatori/i).first()).toBeVisible();
  });

  test('a successful sign-in shows the toast while the dashboard loads, and the toast goes on arrival', async ({ page }) => {
    // The dashboard's code is held back until the toast has been seen: on a fast machine the way
    // from the form to the dashboard can be shorter than one look.
    let releaseDashboard!: () => void;
    const dashboardHeld = new Promise<void>((resolve) => (releaseDashboard = resolve));
    await page.route(/\/assets\/dashboard-layout-[^/]+\.js$/, async (route) => {
      await dashboardHeld;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Usuario').fill(admin.username);
    await page.getByLabel('Contraseña').fill(admin.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    const redirecting = page.getByText('Has iniciado sesión correctamente. Redirigiendo...', { exact: true });
    await expect(redirecting).toBeVisible();
    // The pointer rests on the toast, which stops its own five-second timer: only the arrival may close it.
    await redirecting.hover();
    releaseDashboard();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(page.getByRole('heading', { name: 'Panel Principal' })).toBeVisible();
    // Issue 21: once arrived, 'Redirigiendo...' is no longer true and goes.
    await expect(redirecting).toBeHidden();
  });

  test('logout returns to the landing page and the session is gone', async ({ page }) => {
    await signIn(page, admin.username, admin.password);
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/overview');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('route guard', () => {
  test('an anonymous visitor is sent to login and returned to where they came from', async ({ page }) => {
    await page.goto('/dashboard/manage-companies');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Usuario').fill(admin.username);
    await page.getByLabel('Contraseña').fill(admin.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manage-companies$/);
  });

  test('a role that may not see a route goes to the overview', async ({ page }) => {
    await signIn(page, admin.username, admin.password);
    await page.goto('/dashboard/my-hours');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
  });

  test('/dashboard goes to the overview and an unknown route goes home', async ({ page }) => {
    await signIn(page, admin.username, admin.password);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await page.goto('/no-existe/para-nada');
    await expect(page).toHaveURL(/\/$/);
  });
});
