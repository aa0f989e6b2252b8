import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { formatLongDate, monthKeyOf } from '@jornada/shared/format';
import type { MyVacations, VacationPage } from '@jornada/shared/schemas/vacations';
import { adminSession, createTeam, uniqueSuffix, withApi, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * Vacations (issue 8): the two flows of decision 6 through the UI. An employee's own request is
 * approved or rejected by the supervisor; a supervisor's proposal is confirmed by the employee
 * with a signature, or rejected. Confirmed days turn red on the overview and block assignment.
 */

/** Day `day` of next month (company time zone), as 'yyyy-MM-dd': always in the future. */
function nextMonthDay(day: number): string {
  const [year, month] = monthKeyOf(new Date()).split('-').map(Number) as [number, number];
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return `${next.year}-${String(next.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar's name for a day: 'miércoles, 10 de junio de 2026'. */
const dayName = (key: string) => formatLongDate(`${key}T12:00:00Z`);
const dayButton = (scope: Page | Locator, key: string) => scope.getByRole('button', { name: new RegExp(`^${dayName(key)}`) });
const toast = (page: Page) => page.getByRole('region', { name: /Notificaciones/ }).getByRole('listitem');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

// Each test signs in two people in two browsers and hashes their passwords on the server.
test.beforeEach(() => test.slow());

async function newTeam() {
  const admin = await adminSession();
  const team = await createTeam(admin);
  await admin.dispose();
  return team;
}

async function signedInPage(browser: Browser, person: TestPerson): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, person.username, person.password);
  return page;
}

/** Draws a short stroke on the signature pad. */
async function sign(page: Page) {
  const box = await page.getByRole('img', { name: 'Tu firma' }).boundingBox();
  if (!box) throw new Error('signature pad not visible');
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.up();
}

test('the employee requests two days, the supervisor approves, and the overview calendar shows them red', async ({ page, browser }) => {
  const { supervisor, employee } = await newTeam();
  const [first, second] = [nextMonthDay(10), nextMonthDay(11)];

  await signIn(page, employee.username, employee.password);
  await nav(page).getByRole('link', { name: 'Solicitar Vacaciones' }).click();
  await expect(page.getByRole('heading', { name: 'Solicitar Vacaciones', level: 1 })).toBeVisible();
  await expect(page.getByText('Todavía no tienes solicitudes de vacaciones.')).toBeVisible();

  // Nothing picked: the shared schema's message, and no request leaves the browser.
  await page.getByRole('button', { name: 'Enviar Solicitud' }).click();
  await expect(toast(page)).toContainText('Fechas no seleccionadas');

  await page.getByRole('button', { name: 'Ir al mes siguiente' }).click();
  await dayButton(page, first).click();
  await dayButton(page, second).click();
  await expect(page.getByText('2 días seleccionados:')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar Solicitud' }).click();
  await expect(toast(page)).toContainText('Solicitud Creada');
  const request = page.getByRole('article', { name: 'Solicitud de vacaciones' });
  await expect(request).toContainText('Pendiente');
  await expect(request).toContainText('Espera la respuesta de tu supervisor.');
  await expect(request).toContainText('2 días');

  // The supervisor approves it from the pending list; it moves to the processed history.
  const boss = await signedInPage(browser, supervisor);
  await nav(boss).getByRole('link', { name: 'Gestionar Vacaciones' }).click();
  const pending = boss.getByRole('article', { name: employee.name });
  await expect(pending).toContainText('Solicitada por el empleado');
  await pending.getByRole('button', { name: 'Aprobar' }).click();
  await expect(toast(boss)).toContainText('Estado Actualizado');
  await expect(pending).toHaveCount(0);
  await boss.getByRole('tab', { name: 'Procesadas' }).click();
  await expect(boss.getByRole('article', { name: employee.name })).toContainText('Confirmado');
  await boss.context().close();

  const mine = await withApi(employee, (api) => api.get<MyVacations>('/my-vacations'));
  expect(mine.confirmedDates).toEqual([first, second]);

  // The employee's overview: both days red (marked as vacations) and inert.
  await nav(page).getByRole('link', { name: 'Inicio' }).click();
  await page.getByRole('button', { name: 'Ir al mes siguiente' }).click();
  for (const key of [first, second]) {
    const button = dayButton(page, key);
    await expect(button).toHaveAccessibleName(/vacaciones$/);
    await expect(button).toBeDisabled();
    // Tailwind's red-100 background.
    await expect(button).toHaveCSS('background-color', /^oklch\(0\.936 0\.032 17/);
  }
  await expect(page.getByRole('list', { name: 'Leyenda' })).toContainText('Vacaciones');

  // Back on Solicitar Vacaciones the days are confirmed (green) and cannot be picked again.
  await page.goto('/dashboard/request-vacation');
  await page.getByRole('button', { name: 'Ir al mes siguiente' }).click();
  await expect(dayButton(page, first)).toHaveAccessibleName(/vacaciones confirmadas$/);
  await expect(dayButton(page, first)).toBeDisabled();
  await expect(page.getByRole('article', { name: 'Solicitud de vacaciones' })).toContainText('Confirmado');
});

test('the supervisor proposes a day, the employee signs to confirm it, and assigning them that day is refused', async ({ page, browser }) => {
  const { supervisor, employee } = await newTeam();
  const day = nextMonthDay(20);

  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/vacations');
  await page.getByRole('button', { name: 'Nueva solicitud' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva solicitud de vacaciones' });
  await dialog.getByRole('button', { name: 'Crear solicitud' }).click();
  // The toast says it too, but a modal hides the page (and its toasts) from assistive technology.
  await expect(dialog.getByRole('alert')).toHaveText('Faltan datos: elige un empleado y al menos un día.');
  await expect(page.getByText('Faltan datos', { exact: true })).toBeVisible();
  await dialog.getByLabel('Empleado').selectOption({ label: employee.name });
  await dialog.getByRole('button', { name: 'Ir al mes siguiente' }).click();
  await dayButton(dialog, day).click();
  await dialog.getByRole('button', { name: 'Crear solicitud' }).click();
  await expect(toast(page)).toContainText('Solicitud Creada');
  await expect(dialog).toBeHidden();
  const proposal = page.getByRole('article', { name: employee.name });
  await expect(proposal).toContainText('Pendiente del empleado');
  await expect(proposal.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);

  // The employee sees it in 'Acciones Pendientes' and answers on Solicitar Vacaciones.
  const worker = await signedInPage(browser, employee);
  const actions = worker.getByRole('region', { name: 'Acciones Pendientes' });
  await expect(actions).toContainText('Tienes unas vacaciones propuestas pendientes de tu respuesta.');
  await actions.getByRole('link', { name: 'Responder a las vacaciones' }).click();
  const card = worker.getByRole('article', { name: `Propuesta de ${supervisor.name}` });
  await card.getByRole('button', { name: 'Confirmar' }).click();
  const confirm = worker.getByRole('dialog', { name: 'Confirmar vacaciones' });
  await confirm.getByRole('button', { name: 'Confirmar vacaciones' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Debes proporcionar tu firma para confirmar las vacaciones.');
  await expect(worker.getByText('Firma requerida', { exact: true })).toBeVisible();
  await sign(worker);
  await confirm.getByRole('button', { name: 'Confirmar vacaciones' }).click();
  await expect(toast(worker)).toContainText('Respuesta Enviada');
  await expect(toast(worker)).toContainText('Has confirmado las vacaciones.');
  await expect(confirm).toBeHidden();
  await expect(worker.getByRole('article').first()).toContainText('Confirmado');
  const mine = await withApi(employee, (api) => api.get<MyVacations>('/my-vacations'));
  expect(mine.confirmedDates).toEqual([day]);
  expect(mine.requests[0]?.signature).toMatch(/^data:image\/png;base64,/);
  await worker.goto('/dashboard/overview');
  await expect(worker.getByRole('heading', { name: 'Panel Principal', level: 1 })).toBeVisible();
  await expect(worker.getByRole('region', { name: 'Acciones Pendientes' })).toBeHidden();
  await worker.context().close();

  // The supervisor tries to staff an event that starts on that day: refused, naming the employee.
  await page.goto('/dashboard/manage-events');
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo evento' });
  await form.getByLabel('Nombre', { exact: true }).fill(`Feria ${uniqueSuffix()}`);
  await form.getByLabel('Ubicación', { exact: true }).fill('Recinto Ferial');
  await form.getByLabel('Inicio', { exact: true }).fill(`${day}T09:00`);
  await form.getByLabel('Fin', { exact: true }).fill(`${day}T14:00`);
  await form.getByRole('button', { name: 'Asignar empleados' }).click();
  const staff = page.getByRole('dialog', { name: 'Asignar empleados' });
  await staff.getByRole('checkbox', { name: employee.name }).check();
  await staff.getByRole('button', { name: 'Listo' }).click();
  await form.getByRole('button', { name: 'Crear evento' }).click();
  await expect(page.getByText(`No se puede asignar a ${employee.name}. El empleado está de vacaciones en esa fecha.`, { exact: true })).toBeVisible();
  await expect(form).toBeVisible();
});

test('rejections on both sides, and deleting a processed request from the history', async ({ page, browser }) => {
  const { supervisor, employee } = await newTeam();
  await withApi(employee, (api) => api.post('/my-vacations', { dates: [nextMonthDay(3)] }));
  await withApi(supervisor, (api) => api.post('/vacations', { employeeId: employee.id, dates: [nextMonthDay(24), nextMonthDay(25)] }));

  // The employee turns down the supervisor's proposal (no signature needed).
  await signIn(page, employee.username, employee.password);
  await page.goto('/dashboard/request-vacation');
  await page.getByRole('article', { name: `Propuesta de ${supervisor.name}` }).getByRole('button', { name: 'Rechazar' }).click();
  const decline = page.getByRole('dialog', { name: 'Rechazar vacaciones' });
  await decline.getByRole('button', { name: 'Rechazar vacaciones' }).click();
  await expect(toast(page)).toContainText('Respuesta Enviada');
  await expect(toast(page)).toContainText('Has rechazado las vacaciones.');
  await expect(page.getByRole('article').filter({ hasText: 'Rechazado' })).toHaveCount(1);

  // The supervisor rejects the employee's own request, then deletes both from the history.
  const boss = await signedInPage(browser, supervisor);
  await boss.goto('/dashboard/vacations');
  await boss.getByRole('article', { name: employee.name }).getByRole('button', { name: 'Rechazar' }).click();
  await expect(toast(boss)).toContainText('Estado Actualizado');
  await expect(boss.getByText('No hay solicitudes de vacaciones pendientes.')).toBeVisible();
  await boss.getByRole('tab', { name: 'Procesadas' }).click();
  const history = boss.getByRole('article', { name: employee.name });
  await expect(history).toHaveCount(2);
  await expect(history.filter({ hasText: 'Rechazado' })).toHaveCount(2);
  for (let remaining = 1; remaining >= 0; remaining--) {
    await history.first().getByRole('button', { name: 'Eliminar' }).click();
    await boss.getByRole('dialog', { name: 'Eliminar solicitud' }).getByRole('button', { name: 'Eliminar solicitud' }).click();
    await expect(toast(boss)).toContainText('Eliminada');
    await expect(history).toHaveCount(remaining);
  }
  await expect(boss.getByText('No hay solicitudes de vacaciones procesadas.')).toBeVisible();
  const processed = await withApi(supervisor, (api) => api.get<VacationPage>('/vacations?state=processed'));
  expect(processed.items).toEqual([]);
  await boss.context().close();
});

// The picker draws the company's calendar days (Europe/Madrid), whatever zone the phone is set to:
// the day tapped is the day requested, and 'Hoy' and the first pickable day are Madrid's today.
for (const timezoneId of ['Pacific/Auckland', 'America/Los_Angeles']) {
  test.describe(`a phone set to ${timezoneId}`, () => {
    test.use({ timezoneId, viewport: { width: 375, height: 812 } });

    test('requests exactly the days it taps', async ({ page }) => {
      const { employee } = await newTeam();
      const [first, second] = [nextMonthDay(1), nextMonthDay(28)];
      await signIn(page, employee.username, employee.password);
      await page.goto('/dashboard/request-vacation');

      const today = formatLongDate(new Date());
      await expect(page.getByRole('button', { name: `Hoy, ${today}`, exact: true })).toBeEnabled();
      await expect(page.getByRole('button', { name: /^Hoy,/ })).toHaveCount(1);

      await page.getByRole('button', { name: 'Ir al mes siguiente' }).click();
      await dayButton(page, first).click();
      await dayButton(page, second).click();
      await expect(dayButton(page, first)).toHaveAccessibleName(/seleccionado$/);
      await page.getByRole('button', { name: 'Enviar Solicitud' }).click();
      await expect(toast(page)).toContainText('Solicitud Creada');
      const mine = await withApi(employee, (api) => api.get<MyVacations>('/my-vacations'));
      expect(mine.requests.map((request) => request.dates)).toEqual([[first, second]]);
    });
  });
}
