import type { ActiveTimerResponse } from '@jornada/shared/schemas/time-records';
import { adminSession, apiSession, createTeam, uniqueSuffix, type ApiSession, type TestPerson } from './support/api';
import { expect, test } from './support/test';
import { signIn } from './support/ui';

/*
 * What a guard sees on a phone (issue 21): the running shift first on the overview, and the whole
 * of Mis Horas reachable by scrolling the page, with no scroll box inside it.
 */

const here = { lat: 40.4168, lng: -3.7038, accuracy: 12 };

let supervisor: TestPerson;
let employee: TestPerson;

/** An event under way (started `startedAgoMs` ago, an hour to go), staffed by `employee`. */
async function runningEvent(boss: ApiSession, name: string, startedAgoMs = 5 * 60_000): Promise<string> {
  const now = Date.now();
  const { items } = await boss.post<{ items: { id: string }[] }>('/events', {
    name,
    location: 'Recinto Ferial',
    date: new Date(now - startedAgoMs).toISOString(),
    endDate: new Date(now + 60 * 60_000).toISOString(),
    type: 'momentary',
    assignedEmployees: [employee.id],
  });
  const [event] = items;
  if (!event) throw new Error('event not created');
  return event.id;
}

test.beforeAll(async () => {
  const admin = await adminSession();
  ({ supervisor, employee } = await createTeam(admin));
  await admin.dispose();
});

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, permissions: ['geolocation'], geolocation: { latitude: here.lat, longitude: here.lng, accuracy: here.accuracy } });

test('Mis Horas on a phone: the list flows with the page and the last record\'s buttons can be reached', async ({ page }) => {
  // Four finished shifts this month, so the list is longer than the old 400 px box.
  const boss = await apiSession(supervisor.username, supervisor.password);
  const worker = await apiSession(employee.username, employee.password);
  const names: string[] = [];
  for (let index = 1; index <= 4; index += 1) {
    const name = `Turno ${index} ${uniqueSuffix()}`;
    names.push(name);
    const eventId = await runningEvent(boss, name, index === 1 ? 5 * 60_000 : 0);
    const record = await worker.post<{ id: string }>('/time-records/start', { eventId, location: here });
    await worker.post(`/time-records/${record.id}/stop`, { location: here });
    // Finished now, so the next shift can start now without booking the person twice at once.
    await boss.post(`/events/${eventId}/finish`, {});
  }
  await boss.dispose();
  await worker.dispose();

  await signIn(page, employee.username, employee.password);
  await page.goto('/dashboard/my-hours');
  await expect(page.getByRole('heading', { name: 'Mis Horas', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: /^Registros de / });
  await expect(list.getByRole('listitem')).toHaveCount(4);

  // No scroll box inside the scrolling page: the list is as tall as its content.
  const box = await list.evaluate((element) => ({ overflowY: getComputedStyle(element).overflowY, scrollHeight: element.scrollHeight, clientHeight: element.clientHeight }));
  expect(box.overflowY).toBe('visible');
  expect(box.scrollHeight).toBeLessThanOrEqual(box.clientHeight);

  // Scrolling the page alone brings the last record's buttons into view, whole.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = list.getByRole('listitem').last();
  const history = last.getByRole('button', { name: /^Historial de cambios: / });
  await expect(last.getByRole('button', { name: /^Solicitar corrección: / })).toBeInViewport({ ratio: 1 });
  await expect(history).toBeInViewport({ ratio: 1 });
  await history.click();
  const dialog = page.getByRole('dialog', { name: 'Historial de cambios' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(4);
});

test('the overview on a phone shows the running shift first, above the summary cards', async ({ page }) => {
  const boss = await apiSession(supervisor.username, supervisor.password);
  const worker = await apiSession(employee.username, employee.password);
  const name = `Guardia ${uniqueSuffix()}`;
  await worker.post('/time-records/start', { eventId: await runningEvent(boss, name, 0), location: here });
  await boss.dispose();

  await signIn(page, employee.username, employee.password);
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  const running = page.getByRole('region', { name: 'Turno en curso' });
  const summary = page.getByRole('region', { name: 'Resumen' });
  await expect(running).toContainText(name);
  await expect(summary).toBeVisible();
  // Visible on arrival, without scrolling, and above the summary.
  await expect(running.getByRole('timer', { name: 'Tiempo transcurrido' })).toBeInViewport({ ratio: 1 });
  await expect(running.getByRole('button', { name: 'Detener' })).toBeInViewport({ ratio: 1 });
  const [timerBox, summaryBox] = await Promise.all([running.boundingBox(), summary.boundingBox()]);
  expect(timerBox && summaryBox && timerBox.y + timerBox.height <= summaryBox.y).toBe(true);

  // Still a working screen: stopping the shift from there.
  await running.getByRole('button', { name: 'Detener' }).click();
  await page.getByRole('dialog', { name: '¿Terminar el turno?' }).getByRole('button', { name: 'Terminar turno' }).click();
  await expect(running).toHaveCount(0);
  await expect(summary).toBeVisible();
  const active = await worker.get<ActiveTimerResponse>('/time-records/active');
  await worker.dispose();
  expect(active.record).toBeNull();
});
