import { test, expect, type Page } from './support/test';
import { adminSession, apiSession, createCompany, createPerson, uniqueSuffix, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * Issue 21, item 7 on another long list: Eventos Finalizados filtered on the server by assigned
 * worker and text, the filters in the URL.
 */

const suffix = uniqueSuffix();
let supervisor: TestPerson;
let ana: TestPerson;
const guardA = `Guardia A ${suffix}`;
const guardB = `Guardia B ${suffix}`;

test.beforeAll(async () => {
  const admin = await adminSession();
  const company = await createCompany(admin);
  supervisor = await createPerson(admin, { role: 'Supervisor', companyId: company.id });
  ana = await createPerson(admin, { role: 'Empleado', companyId: company.id, name: `Ana Guardia ${suffix}` });
  const bruno = await createPerson(admin, { role: 'Empleado', companyId: company.id, name: `Bruno Guardia ${suffix}` });
  await admin.dispose();
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  const now = Date.now();
  for (const [name, person] of [
    [guardA, ana],
    [guardB, bruno],
  ] as const) {
    const created = await asSupervisor.post<{ items: { id: string }[] }>('/events', {
      name,
      location: 'Recinto Ferial',
      date: new Date(now - 5 * 60_000).toISOString(),
      endDate: new Date(now + 2 * 60 * 60_000).toISOString(),
      type: 'momentary',
      assignedEmployees: [person.id],
    });
    // 'Finalizar ahora': the event log lists finished events only.
    await asSupervisor.post(`/events/${created.items[0]!.id}/finish`);
  }
  await asSupervisor.dispose();
});

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('the supervisor filters Eventos Finalizados by worker and text; a reload keeps the filters', async ({ page }) => {
  await signIn(page, supervisor.username, supervisor.password);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Eventos Finalizados' }).click();
  await expect(page.getByRole('heading', { name: 'Eventos Finalizados', level: 1 })).toBeVisible();
  await expect(rowOf(page, guardA)).toHaveCount(1);
  await expect(rowOf(page, guardB)).toHaveCount(1);

  const filters = page.getByRole('search', { name: 'Filtrar eventos' });
  await filters.getByLabel('Trabajador').selectOption({ label: ana.name });
  await expect(rowOf(page, guardB)).toHaveCount(0);
  await expect(rowOf(page, guardA)).toHaveCount(1);

  await page.reload();
  await expect(filters.getByLabel('Trabajador')).toHaveValue(ana.id);
  await expect(rowOf(page, guardA)).toHaveCount(1);
  await expect(rowOf(page, guardB)).toHaveCount(0);

  // Ana never worked Guardia B: the two filters together leave nothing.
  await filters.getByLabel('Buscar').fill(guardB);
  await expect(page.getByText('Ningún evento finalizado coincide con los filtros.')).toBeVisible();
  await filters.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(rowOf(page, guardA)).toHaveCount(1);
  await expect(rowOf(page, guardB)).toHaveCount(1);
});
