import { defaultGrantedViews, defaultRoleIds } from '@jornada/shared/permissions';
import { test, expect } from './support/test';
import { adminSession, apiSession, createCompany, createPerson, uniqueSuffix, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * The event lists' worker picker reads the assignable staff, which needs Gestionar Eventos. A
 * supervisor whose company withholds that view still filters Supervisar Eventos by days and text,
 * without the picker and without a refused request (the fixture fails on any console error).
 */

const suffix = uniqueSuffix();
let supervisor: TestPerson;
const fair = `Feria Sin Gestion ${suffix}`;
const watch = `Vigilancia Sin Gestion ${suffix}`;

test.beforeAll(async () => {
  const admin = await adminSession();
  const company = await createCompany(admin);
  supervisor = await createPerson(admin, { role: 'Supervisor', companyId: company.id });
  const ana = await createPerson(admin, { role: 'Empleado', companyId: company.id, name: `Ana Sin Gestion ${suffix}` });
  const bruno = await createPerson(admin, { role: 'Empleado', companyId: company.id, name: `Bruno Sin Gestion ${suffix}` });
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  const tomorrow = Date.now() + 24 * 60 * 60_000;
  for (const [name, person] of [
    [fair, ana],
    [watch, bruno],
  ] as const) {
    await asSupervisor.post('/events', {
      name,
      location: 'Recinto Ferial',
      date: new Date(tomorrow).toISOString(),
      endDate: new Date(tomorrow + 2 * 60 * 60_000).toISOString(),
      type: 'momentary',
      assignedEmployees: [person.id],
    });
  }
  await asSupervisor.dispose();
  const views = defaultGrantedViews('Supervisor').filter((view) => view !== 'manage-events');
  await admin.put(`/permissions/${company.id}`, { permissions: { [defaultRoleIds.Supervisor]: views } });
  await admin.dispose();
});

test('Supervisar Eventos without Gestionar Eventos: no worker picker, the other filters work', async ({ page }) => {
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/supervise-events');
  await expect(page.getByRole('heading', { name: 'Supervisar Eventos', level: 1 })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Eventos' }).locator(':scope > li');
  await expect(cards.filter({ hasText: fair })).toHaveCount(1);
  await expect(cards.filter({ hasText: watch })).toHaveCount(1);

  const bar = page.getByRole('search', { name: 'Filtrar eventos' });
  await expect(bar.getByLabel('Trabajador')).toHaveCount(0);
  await bar.getByLabel('Buscar').fill(fair);
  await expect(page).toHaveURL(/q=Feria/);
  await expect(cards.filter({ hasText: watch })).toHaveCount(0);
  await expect(cards.filter({ hasText: fair })).toHaveCount(1);
  await bar.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(cards.filter({ hasText: watch })).toHaveCount(1);
});
