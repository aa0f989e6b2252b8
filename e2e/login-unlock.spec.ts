import { request } from '@playwright/test';
import { admin } from './support/credentials';
import { adminSession, createTeam, type ApiSession } from './support/api';
import { expect, test } from './support/test';
import { signIn } from './support/ui';

let api: ApiSession;

test.beforeAll(async () => {
  api = await adminSession();
});

test.afterAll(async () => {
  await api.dispose();
});

test('an administrator unlocks a user’s sign-in from the user’s edit dialog, and the action log says so', async ({ page }) => {
  const team = await createTeam(api);
  const { employee } = team;
  // A few failures only: every browser test signs in from 127.0.0.1, whose own budget is shared.
  const guesser = await request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`, extraHTTPHeaders: { 'X-Requested-With': 'jornada' } });
  for (let attempt = 1; attempt <= 3; attempt++) {
    const response = await guesser.post('/api/auth/login', { data: { username: employee.username, password: `Mala-Clave${attempt}!` } });
    expect(response.status()).toBe(401);
  }
  await guesser.dispose();

  await signIn(page, admin.username, admin.password);
  await page.goto('/dashboard/manage-users');
  await page.getByLabel('Filtrar por empresa').selectOption(team.company.id);
  await page.getByRole('button', { name: `Editar ${employee.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar usuario' });
  await dialog.getByRole('button', { name: 'Desbloquear acceso' }).click();
  await expect(page.getByText('Acceso desbloqueado', { exact: true })).toBeVisible();
  // The dialog is still usable afterwards.
  await expect(dialog.getByRole('button', { name: 'Guardar cambios' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('heading', { name: 'Gestionar Usuarios' })).toBeVisible();

  await page.goto('/dashboard/action-log');
  await expect(page.getByText(`ha desbloqueado el acceso de ${employee.name} (3 intento(s) fallido(s) borrado(s))`)).toBeVisible();
  // The employee gets in with the right password.
  const session = await request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`, extraHTTPHeaders: { 'X-Requested-With': 'jornada' } });
  expect((await session.post('/api/auth/login', { data: { username: employee.username, password: employee.password } })).status()).toBe(200);
  await session.dispose();
});
