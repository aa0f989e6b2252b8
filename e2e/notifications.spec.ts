import type { CreateEventsResponse } from '@jornada/shared/schemas/events';
import { adminSession, apiSession, createTeam, uniqueSuffix, type TestPerson } from './support/api';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/test';
import { signIn } from './support/ui';

/*
 * Decision 033: a supervisor (on another device: the API) assigns an employee to events; the
 * employee, on a phone, sees the bell's count rise without reloading (the unread count is polled
 * every 20 s), opens the panel, follows an item to 'Mis Turnos', clears the rest with 'Marcar como
 * leídas', and the 'Notificaciones' page lists them all.
 */

const POLL_WINDOW = 25_000;

let supervisor: TestPerson;
let employee: TestPerson;

test.beforeAll(async () => {
  const admin = await adminSession();
  ({ supervisor, employee } = await createTeam(admin));
  await admin.dispose();
});

async function assignToNewEvent(name: string, daysAhead: number): Promise<void> {
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  try {
    const start = Date.now() + daysAhead * 86_400_000;
    const created = await asSupervisor.post<CreateEventsResponse>('/events', {
      name,
      location: 'Palacio de Deportes',
      date: new Date(start).toISOString(),
      endDate: new Date(start + 4 * 3_600_000).toISOString(),
      type: 'momentary',
      assignedEmployees: [],
    });
    await asSupervisor.put(`/events/${created.items[0]!.id}/assignments`, { assignedEmployees: [employee.id] });
  } finally {
    await asSupervisor.dispose();
  }
}

test.describe('on the employee’s phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the bell counts new assignments without a reload; the panel opens them and marks them read', async ({ page }) => {
    const suffix = uniqueSuffix();
    const first = `Concierto ${suffix}`;
    const second = `Partido ${suffix}`;
    await signIn(page, employee.username, employee.password);
    const bell = page.getByRole('button', { name: 'Notificaciones' });
    await expect(bell).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Sin notificaciones nuevas' })).toBeAttached();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);

    await assignToNewEvent(first, 2);
    await assignToNewEvent(second, 3);
    // No reload: the next poll brings the count.
    await expect(page.getByTestId('notification-badge')).toHaveText('2', { timeout: POLL_WINDOW });
    await expect(page.getByRole('status').filter({ hasText: '2 notificaciones sin leer' })).toBeAttached();

    await bell.click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('heading', { name: 'Notificaciones' })).toBeVisible();
    const firstItem = panel.getByRole('link', { name: new RegExp(`«${first}»`) });
    await expect(firstItem).toBeVisible();
    await expect(panel.getByRole('link', { name: new RegExp(`«${second}»`) })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Following one opens the shifts screen and marks it read.
    await firstItem.click();
    await expect(page).toHaveURL(/\/dashboard\/shifts$/);
    await expect(page.getByRole('heading', { name: 'Mis Turnos', level: 1 })).toBeVisible();
    await expect(page.getByTestId('notification-badge')).toHaveText('1');

    // 'Marcar como leídas' clears the rest.
    await bell.click();
    await panel.getByRole('button', { name: 'Marcar como leídas' }).click();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Marcar como leídas' })).toBeDisabled();

    // The full page still lists both, read.
    await panel.getByRole('link', { name: 'Ver todas' }).click();
    await expect(page).toHaveURL(/\/dashboard\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notificaciones', level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: new RegExp(`«${first}»`) })).toBeVisible();
    await expect(main.getByRole('link', { name: new RegExp(`«${second}»`) })).toBeVisible();
    await expect(main.getByText('(sin leer)')).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Marcar como leídas' })).toBeDisabled();
  });
});

test.describe('a loan on the employee’s phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a loan created by the supervisor shows in the bell and opens the receipt to confirm', async ({ page }) => {
    const admin = await adminSession();
    const team = await createTeam(admin);
    await admin.dispose();
    const material = `Chaleco ${uniqueSuffix()}`;
    await signIn(page, team.employee.username, team.employee.password);
    await expect(page.getByRole('button', { name: 'Notificaciones' })).toBeVisible();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);

    const asSupervisor = await apiSession(team.supervisor.username, team.supervisor.password);
    try {
      const created = await asSupervisor.post<{ id: string }>('/material', { name: material, items: [{ size: 'M', quantity: 2 }] });
      await asSupervisor.post('/material-loans', { employeeId: team.employee.id, items: [{ materialId: created.id, size: 'M', quantity: 1 }] });
    } finally {
      await asSupervisor.dispose();
    }

    await expect(page.getByTestId('notification-badge')).toHaveText('1', { timeout: POLL_WINDOW });
    await page.getByRole('button', { name: 'Notificaciones' }).click();
    const item = page.getByRole('dialog').getByRole('link', { name: /Material pendiente de confirmar/ });
    await expect(item).toContainText(material);
    await item.click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    // 'Acciones Pendientes' loads after the rest of the overview.
    await expect(page.getByText('Confirma que lo has recibido, con tu firma, o deniega la recepción.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  });
});
