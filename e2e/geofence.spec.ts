import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { distanceMeters } from '@jornada/shared/geo';
import { localDateTimeOf } from '@jornada/shared/format';
import type { EventPage } from '@jornada/shared/schemas/events';
import type { TimeLogResponse } from '@jornada/shared/schemas/time-records';
import { adminSession, createPerson, createTeam, uniqueSuffix, withApi, type TestPerson } from './support/api';
import { setGeofenceMode } from './support/db';
import { signIn } from './support/ui';

/*
 * Where the event is (issue 24, item 3): a supervisor at the venue sets the event's point with
 * 'Usar mi ubicación'; an employee 1.2 km away is refused with the distance when the company
 * refuses punches outside the zone, and clocks in flagged 'Fuera de zona' when it only flags them.
 */

const venue = { latitude: 40.4168, longitude: -3.7038, accuracy: 12 };
/** 0.0108 degrees of latitude north of the venue: 1.2 km. */
const farAway = { latitude: 40.4276, longitude: -3.7038, accuracy: 10 };
const screenshotDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');

let companyId: string;
let supervisor: TestPerson;
let refusedEmployee: TestPerson;
let flaggedEmployee: TestPerson;
const eventName = `Feria ${uniqueSuffix()}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const admin = await adminSession();
  const team = await createTeam(admin);
  companyId = team.company.id;
  supervisor = team.supervisor;
  refusedEmployee = team.employee;
  flaggedEmployee = await createPerson(admin, { role: 'Empleado', companyId });
  await admin.dispose();
});

const toast = (page: Page) => page.getByRole('region', { name: /Notificaciones/ }).getByRole('listitem');
const shiftsUnderWay = (page: Page) => page.getByRole('region', { name: 'Turnos en curso' });

test.describe('the supervisor at the venue', () => {
  test.use({ permissions: ['geolocation'], geolocation: venue });

  test("sets the event's place with 'Usar mi ubicación'", async ({ page }) => {
    await signIn(page, supervisor.username, supervisor.password);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Gestionar Eventos' }).click();
    await page.getByRole('button', { name: 'Nuevo evento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
    await dialog.getByLabel('Nombre', { exact: true }).fill(eventName);
    await dialog.getByLabel('Ubicación', { exact: true }).fill('Recinto Ferial');
    // Under way now: started a few minutes ago, three hours to go.
    await dialog.getByLabel('Inicio', { exact: true }).fill(localDateTimeOf(new Date(Date.now() - 5 * 60_000)));
    await dialog.getByLabel('Fin', { exact: true }).fill(localDateTimeOf(new Date(Date.now() + 3 * 3_600_000)));

    const place = dialog.getByRole('group', { name: 'Ubicación del fichaje' });
    await expect(place.getByLabel('Radio (metros)')).toBeDisabled();
    // An unreadable paste is refused by its field, a maps link is read.
    await place.getByLabel('Coordenadas o enlace del mapa').fill('Plaza Mayor');
    await dialog.getByRole('button', { name: 'Crear evento' }).click();
    await expect(place.getByText(/No se reconocen unas coordenadas/)).toBeVisible();
    await place.getByLabel('Coordenadas o enlace del mapa').fill('https://www.openstreetmap.org/#map=17/41.38700/2.17010');
    await expect(place.getByText('Punto del evento: 41.387000, 2.170100')).toBeVisible();
    await place.getByRole('button', { name: 'Quitar ubicación' }).click();
    await expect(place.getByLabel('Coordenadas o enlace del mapa')).toHaveValue('');

    await place.getByRole('button', { name: 'Usar mi ubicación' }).click();
    await expect(place.getByLabel('Coordenadas o enlace del mapa')).toHaveValue('40.416800, -3.703800');
    await expect(place.getByText('Ubicación obtenida (precisión: 12 m).')).toBeVisible();
    await expect(place.getByRole('link', { name: /Ver en el mapa/ })).toHaveAttribute('href', /mlat=40\.416800&mlon=-3\.703800/);
    await expect(place.getByLabel('Radio (metros)')).toHaveValue('200');
    await place.getByLabel('Radio (metros)').fill('300');

    await dialog.getByRole('button', { name: 'Asignar empleados' }).click();
    const staffDialog = page.getByRole('dialog', { name: 'Asignar empleados' });
    await staffDialog.getByRole('checkbox', { name: refusedEmployee.name }).check();
    await staffDialog.getByRole('checkbox', { name: flaggedEmployee.name }).check();
    await staffDialog.getByRole('button', { name: 'Listo' }).click();
    await dialog.getByRole('button', { name: 'Crear evento' }).click();
    await expect(toast(page)).toContainText('Evento creado');
    await expect(dialog).toBeHidden();

    const stored = await withApi(supervisor, (api) => api.get<EventPage>(`/events?status=Activo&q=${encodeURIComponent(eventName)}`));
    expect(stored.items).toHaveLength(1);
    expect(stored.items[0]).toMatchObject({ geoLat: 40.4168, geoLng: -3.7038, geoRadiusM: 300 });

    // The edit form shows the place back, and the screen still works.
    await page.getByRole('row', { name: new RegExp(eventName) }).getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar evento' });
    await expect(edit.getByLabel('Coordenadas o enlace del mapa')).toHaveValue('40.416800, -3.703800');
    await expect(edit.getByLabel('Radio (metros)')).toHaveValue('300');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await expect(edit).toBeHidden();
  });
});

test.describe('an employee 1.2 km away', () => {
  test.use({ permissions: ['geolocation', 'notifications'], geolocation: farAway, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('is refused with the distance when the company refuses punches outside the zone', async ({ page }) => {
    expect(distanceMeters({ lat: venue.latitude, lng: venue.longitude }, { lat: farAway.latitude, lng: farAway.longitude })).toBe(1201);
    setGeofenceMode(companyId, 'refuse');
    await signIn(page, refusedEmployee.username, refusedEmployee.password);
    const start = shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` });
    await start.click();
    await expect(toast(page)).toContainText('Fuera de zona');
    await expect(toast(page)).toContainText('Estás a 1,2 km del evento.');
    // Nothing was recorded, and the button still offers the clock-in.
    await expect(start).toBeEnabled();
    await expect(page.getByRole('timer', { name: 'Tiempo transcurrido' })).toHaveCount(0);
  });

  test("clocks in flagged 'Fuera de zona' when the company only flags them", async ({ page }) => {
    setGeofenceMode(companyId, 'flag');
    await signIn(page, flaggedEmployee.username, flaggedEmployee.password);
    await shiftsUnderWay(page).getByRole('button', { name: `Iniciar Turno: ${eventName}` }).click();
    await expect(toast(page)).toContainText('Temporizador iniciado');
    await expect(page.getByRole('timer', { name: 'Tiempo transcurrido' })).toBeVisible();

    const log = await withApi(supervisor, (api) => api.get<TimeLogResponse>(`/time-records?userId=${flaggedEmployee.id}`));
    expect(log.records).toHaveLength(1);
    expect(log.records[0]).toMatchObject({ eventName, status: 'activo', flags: ['fuera-de-zona'], presence: { start: { distanceM: 1201, radiusM: 300, accuracyM: 10 } } });
    const refused = await withApi(supervisor, (api) => api.get<TimeLogResponse>(`/time-records?userId=${refusedEmployee.id}`));
    expect(refused.records).toHaveLength(0);
  });
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, permissions: ['geolocation'], geolocation: venue });

    test("the event form's place section", async ({ page }) => {
      mkdirSync(screenshotDir, { recursive: true });
      await signIn(page, supervisor.username, supervisor.password);
      await page.goto('/dashboard/manage-events');
      await page.getByRole('button', { name: 'Nuevo evento' }).click();
      const place = page.getByRole('dialog', { name: 'Nuevo evento' }).getByRole('group', { name: 'Ubicación del fichaje' });
      await place.getByRole('button', { name: 'Usar mi ubicación' }).click();
      await expect(place.getByLabel('Coordenadas o enlace del mapa')).toHaveValue('40.416800, -3.703800');
      await place.scrollIntoViewIfNeeded();
      await place.screenshot({ path: join(screenshotDir, `${viewport.name}-supervisor-event-place.png`) });
      await page.screenshot({ path: join(screenshotDir, `${viewport.name}-supervisor-event-form-place.png`) });
    });
  });
}
