import { writeFileSync } from 'node:fs';
import { adminSession, apiSession, createTeam, uniqueSuffix, type ApiSession, type TestPerson } from './support/api';
import { expect, test } from './support/test';
import { signIn } from './support/ui';

/*
 * Issue 24, item 6: a guard's tap on 'Iniciar Turno' shows feedback within 100 ms on a cheap phone.
 * Not part of CI (a timing on a shared 2-core machine is no pass/fail signal there): run it with
 * `npm run tap-feedback`, which prints the figures and writes them to reports/tap-feedback.json;
 * docs/performance.md keeps the latest. The phone is a 375 px touch viewport with Chromium's CPU
 * slowed down 4× (DevTools' "mid-tier mobile").
 *
 * Two figures per tap, both from the page's own clock:
 * - dom: from the tap's click to the moment the button reads 'Iniciando...' (the spinner);
 * - paint: from the click to the end of the first frame rendered after that change (a task queued
 *   from requestAnimationFrame), so the feedback is on the screen.
 */

const TAPS = Number(process.env.TAP_FEEDBACK_TAPS ?? 7);
const BUDGET_MS = 100;
const here = { lat: 40.4168, lng: -3.7038, accuracy: 12 };

let supervisor: TestPerson;
let employee: TestPerson;

test.beforeAll(async () => {
  const admin = await adminSession();
  ({ supervisor, employee } = await createTeam(admin));
  await admin.dispose();
});

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, permissions: ['geolocation'], geolocation: { latitude: here.lat, longitude: here.lng, accuracy: here.accuracy } });

async function eventUnderWay(boss: ApiSession, name: string): Promise<string> {
  const now = Date.now();
  const { items } = await boss.post<{ items: { id: string }[] }>('/events', {
    name,
    location: 'Recinto Ferial',
    // From now: the previous tap's event was finished a moment ago, and one person is never booked twice at once.
    date: new Date(now).toISOString(),
    endDate: new Date(now + 60 * 60_000).toISOString(),
    type: 'momentary',
    assignedEmployees: [employee.id],
  });
  return items[0]!.id;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test('@perf the tap on Iniciar Turno shows feedback within 100 ms at 4× CPU slowdown', async ({ page }) => {
  test.setTimeout(TAPS * 40_000);
  const boss = await apiSession(supervisor.username, supervisor.password);
  const worker = await apiSession(employee.username, employee.password);
  await signIn(page, employee.username, employee.password);
  const cdp = await page.context().newCDPSession(page);
  const taps: { dom: number; paint: number }[] = [];

  for (let tap = 0; tap < TAPS; tap += 1) {
    const name = `Turno ${tap + 1} ${uniqueSuffix()}`;
    const eventId = await eventUnderWay(boss, name);
    await page.goto('/dashboard');
    const start = page.getByRole('button', { name: `Iniciar Turno: ${name}` });
    await expect(start).toBeEnabled();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const measured = page.evaluate((label) => {
      const button = document.querySelector(`[aria-label="${label}"]`)!;
      return new Promise<{ dom: number; paint: number }>((resolve) => {
        let clicked = 0;
        // From the click (React's onClick starts the clock-in), not the pointerdown: Playwright sends a
        // tap's touch start and end as two DevTools commands, and the gap between them is the harness's.
        button.addEventListener('click', (event) => (clicked = event.timeStamp), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (!clicked || !button.textContent?.includes('Iniciando')) return;
          observer.disconnect();
          const dom = performance.now() - clicked;
          // A task queued from the next animation frame runs once that frame is rendered.
          requestAnimationFrame(() => setTimeout(() => resolve({ dom, paint: performance.now() - clicked }), 0));
        });
        observer.observe(button, { childList: true, subtree: true, characterData: true });
      });
    }, `Iniciar Turno: ${name}`);
    await start.tap();
    taps.push(await measured);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(page.getByRole('region', { name: 'Turno en curso' })).toContainText(name);
    const { record } = await worker.get<{ record: { id: string } }>('/time-records/active');
    await worker.post(`/time-records/${record.id}/stop`, { location: here });
    // Finished, so the next tap's event does not book the person twice at once.
    await boss.post(`/events/${eventId}/finish`, {});
  }
  await boss.dispose();
  await worker.dispose();

  const dom = taps.map((each) => each.dom);
  const paint = taps.map((each) => each.paint);
  const summary = {
    at: new Date().toISOString(),
    cpuSlowdown: 4,
    taps: taps.length,
    domMs: { median: Math.round(median(dom)), max: Math.round(Math.max(...dom)) },
    paintMs: { median: Math.round(median(paint)), max: Math.round(Math.max(...paint)) },
    budgetMs: BUDGET_MS,
  };
  writeFileSync('reports/tap-feedback.json', `${JSON.stringify({ ...summary, each: taps }, null, 2)}\n`);
  console.log(`tap feedback at 4× CPU slowdown, ${taps.length} taps: dom median ${summary.domMs.median} ms (max ${summary.domMs.max}), painted median ${summary.paintMs.median} ms (max ${summary.paintMs.max}); budget ${BUDGET_MS} ms`);
  expect(summary.paintMs.median).toBeLessThanOrEqual(BUDGET_MS);
});
