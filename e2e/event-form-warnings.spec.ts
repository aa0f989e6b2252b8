import type { Locator, Page } from '@playwright/test';
import { adminSession, createTeam, uniqueSuffix, type TestPerson } from './support/api';
import { expect, test } from './support/test';
import { madridDay, signIn } from './support/ui';

// Issue 21 item 1: the working-time warning of the event form ('Asignar igualmente' / 'Revisar la
// asignación') used to crash the page on either button. These tests check the screen still works
// afterwards, not only the toast: the fixture fails them on any uncaught page error as well.

let supervisor: TestPerson;
let employee: TestPerson;

test.beforeAll(async () => {
  const api = await adminSession();
  ({ supervisor, employee } = await createTeam(api));
  await api.dispose();
});

interface EventFields {
  name: string;
  location: string;
  start: string;
  end: string;
}

async function openManageEvents(page: Page) {
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/manage-events');
  await expect(page.getByRole('heading', { name: 'Gestionar Eventos', level: 1 })).toBeVisible();
}

async function expectFormHolds(dialog: Locator, fields: EventFields) {
  await expect(dialog.getByLabel('Nombre', { exact: true })).toHaveValue(fields.name);
  await expect(dialog.getByLabel('Ubicación', { exact: true })).toHaveValue(fields.location);
  await expect(dialog.getByLabel('Inicio', { exact: true })).toHaveValue(fields.start);
  await expect(dialog.getByLabel('Fin', { exact: true })).toHaveValue(fields.end);
  await expect(dialog.locator('#staff-summary').getByText(employee.name)).toBeVisible();
}

const warningOf = (dialog: Locator) => dialog.getByRole('alert').filter({ hasText: 'La asignación incumple las normas de jornada' });

/** 'Revisar la asignación' closes the warning and leaves the form as typed; submitting again warns again. */
async function reviewThenAssignAnyway(page: Page, dialog: Locator, fields: EventFields, submit: string) {
  await dialog.getByRole('button', { name: submit }).click();
  const warning = warningOf(dialog);
  await expect(warning).toContainText(employee.name);
  await expect(warning).toContainText('máximo 9 h');

  await warning.getByRole('button', { name: 'Revisar la asignación' }).click();
  await expect(warning).toBeHidden();
  await expectFormHolds(dialog, fields);

  await dialog.getByRole('button', { name: submit }).click();
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Asignar igualmente' }).click();
}

/** The list shows the event with its staff and the next action still opens its dialog. */
async function expectPageWorks(page: Page, fields: EventFields) {
  await expect(page.getByRole('heading', { name: 'Gestionar Eventos', level: 1 })).toBeVisible();
  await expect(page.getByText(fields.name).first()).toBeVisible();
  await expect(page.getByText(fields.location).first()).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const again = page.getByRole('dialog', { name: 'Nuevo evento' });
  await expect(again.getByLabel('Nombre', { exact: true })).toHaveValue('');
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await expect(again).toBeHidden();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an event that breaks a working-time rule: review keeps the form, assign anyway saves it and the page keeps working', async ({ page }) => {
      // A day of its own per width (the edit test takes day 3): one person is never booked twice at once.
      const day = madridDay(viewport.width === 1280 ? 2 : 4);
      // Twelve hours in one day: more than the default nine-hour daily maximum.
      const fields = { name: `Feria larga ${uniqueSuffix()}`, location: 'Recinto Ferial', start: `${day}T08:00`, end: `${day}T20:00` };
      await openManageEvents(page);
      await page.getByRole('button', { name: 'Nuevo evento' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
      await dialog.getByLabel('Nombre', { exact: true }).fill(fields.name);
      await dialog.getByLabel('Ubicación', { exact: true }).fill(fields.location);
      await dialog.getByLabel('Inicio', { exact: true }).fill(fields.start);
      await dialog.getByLabel('Fin', { exact: true }).fill(fields.end);
      await dialog.getByRole('button', { name: 'Asignar empleados' }).click();
      const staffDialog = page.getByRole('dialog', { name: 'Asignar empleados' });
      await staffDialog.getByRole('checkbox', { name: employee.name }).check();
      await staffDialog.getByRole('button', { name: 'Listo' }).click();

      await reviewThenAssignAnyway(page, dialog, fields, 'Crear evento');
      await expect(page.getByText('Evento creado', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expectPageWorks(page, fields);
    });
  });
}

test('editing an event into a working-time break: review keeps the changes, assign anyway saves them and the page keeps working', async ({ page }) => {
  const day = madridDay(3);
  const name = `Guardia ${uniqueSuffix()}`;
  await openManageEvents(page);
  // Created within the rules (six hours), then stretched to thirteen in the edit form.
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const create = page.getByRole('dialog', { name: 'Nuevo evento' });
  await create.getByLabel('Nombre', { exact: true }).fill(name);
  await create.getByLabel('Ubicación', { exact: true }).fill('Puerto');
  await create.getByLabel('Inicio', { exact: true }).fill(`${day}T08:00`);
  await create.getByLabel('Fin', { exact: true }).fill(`${day}T14:00`);
  await create.getByRole('button', { name: 'Asignar empleados' }).click();
  const staffDialog = page.getByRole('dialog', { name: 'Asignar empleados' });
  await staffDialog.getByRole('checkbox', { name: employee.name }).check();
  await staffDialog.getByRole('button', { name: 'Listo' }).click();
  await create.getByRole('button', { name: 'Crear evento' }).click();
  await expect(page.getByText('Evento creado', { exact: true })).toBeVisible();

  await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar evento' });
  const fields = { name, location: 'Puerto deportivo', start: `${day}T08:00`, end: `${day}T21:00` };
  await edit.getByLabel('Ubicación', { exact: true }).fill(fields.location);
  await edit.getByLabel('Fin', { exact: true }).fill(fields.end);

  await reviewThenAssignAnyway(page, edit, fields, 'Guardar cambios');
  await expect(page.getByText('Evento actualizado', { exact: true })).toBeVisible();
  await expect(edit).toBeHidden();
  await expectPageWorks(page, fields);
});
