/**
 * `npm run roster-draw`: how long the month 'Cuadrante' of the bench's largest company (500 people
 * × 31 days, decision 045) takes to be drawn in Chromium at 1280×800 with the CPU slowed down 4×
 * (DevTools' "mid-tier mobile"); issue 27's budget is 1 s. Not part of CI: a timing on a shared
 * 2-core machine is no pass/fail signal there. docs/performance.md ('Roster drawing') keeps the latest.
 *
 * The data is the bench's own (bench/lib/seed.ts, the same rows the bench's 'roster' row reads), on
 * a SQLite file served by a production build (scripts/build-isolated.sh). It signs in as the
 * company's supervisor through the login form and measures, each run, from the page's own clock:
 * - click: from the click on 'Mes' in the week of the export month to the month grid drawn;
 * - load: from the start of a navigation to the month's address (the app boots, signed in) to it drawn.
 * 'Drawn' is: the 1 + 31 column headers of the month, and every person's row present or the rows
 * rendered filling the window (a windowed table says its full count in aria-rowcount), then the
 * end of the next animation frame. The export month is in the past, as in the bench.
 *
 * Options: `--build-dir DIR` (an existing build, else one into .builds/roster-draw), `--runs N`
 * (default 5), `--db FILE` (keep the seeded database there and reuse it on the next run; else a
 * temporary one), `--employees N` (a smaller company, only to try the script out), `--profile FILE` (the first click's
 * CPU profile, for DevTools), `--trace FILE` (the first click's DevTools timeline trace). Writes
 * reports/roster-draw.json and screenshots of the month's two ends (test-results/screenshots/); exits 1 when
 * the click's median misses the budget.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../e2e/playwright.config';
import { productServerEnv, productionNodeFlags, startServer } from './lib/processes';
import { machine } from './lib/results';
import { LARGEST_COMPANY_EMPLOYEES, seedBenchData, type SeedInfo } from './lib/seed';

const root = resolve(import.meta.dirname, '..');
const BUDGET_MS = 1000;
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 1280, height: 800 };

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function buildDir(): string {
  const given = argValue('--build-dir');
  if (given) return resolve(given);
  execFileSync('bash', [join(root, 'scripts/build-isolated.sh'), 'roster-draw'], { cwd: root, stdio: 'inherit' });
  return join(root, '.builds/roster-draw');
}

/** The seeded database: reused from `--db FILE` when it was seeded before (its users beside it), else seeded now. */
async function seededDatabase(workDir: string): Promise<{ file: string; seed: SeedInfo }> {
  const kept = argValue('--db');
  const file = kept ? resolve(kept) : join(workDir, 'bench.db');
  const infoFile = `${file}.seed.json`;
  if (kept && existsSync(file) && existsSync(infoFile)) {
    console.log(`reusing the seeded database ${file}`);
    return { file, seed: JSON.parse(readFileSync(infoFile, 'utf8')) as SeedInfo };
  }
  const employees = Number(argValue('--employees') ?? LARGEST_COMPANY_EMPLOYEES);
  console.log(`seeding the bench data (the largest company: ${employees} people) into ${file} …`);
  const started = Date.now();
  // A trial (--employees) seeds that one company only.
  const seed = await seedBenchData(`sqlite:${file}`, new Date(), argValue('--employees') ? { largestEmployees: employees, companies: 1 } : {});
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The generated password and session tokens: readable by this user only, never printed.
  if (kept) writeFileSync(infoFile, JSON.stringify(seed), { mode: 0o600 });
  return { file, seed };
}

declare global {
  interface Window {
    /** Resolves with performance.now() at the end of the first frame after the month grid is drawn. */
    __rosterDrawn?: (rows: number, days: number) => Promise<number>;
    __rosterLoad?: Promise<number>;
  }
}

/**
 * In the page, an init script (a navigation's measurement starts with the document): waits for the
 * month grid, then for the next frame to be rendered. Plain JavaScript, not a function of this file:
 * tsx's transform would put its own helpers in it, which the page does not have.
 */
const drawProbe = (rows: number, days: number) => `
window.__rosterDrawn = function (expectedRows, expectedDays) {
  return new Promise(function (resolveDrawn) {
    function drawn() {
      var table = document.querySelector('table[aria-label="Cuadrante"]');
      if (!table || table.querySelectorAll('thead th').length !== 1 + expectedDays) return false;
      var rowHeaders = table.querySelectorAll('tbody th[scope="row"]');
      var last = rowHeaders[rowHeaders.length - 1];
      if (!last || last.parentElement.querySelectorAll('td').length !== expectedDays) return false;
      if (rowHeaders.length >= expectedRows) return true;
      // Windowed: the rendered rows are of the full list and reach the bottom of the window.
      return Number(table.getAttribute('aria-rowcount')) === expectedRows + 1 && last.getBoundingClientRect().bottom >= window.innerHeight;
    }
    function done() {
      requestAnimationFrame(function () { setTimeout(function () { resolveDrawn(performance.now()); }, 0); });
    }
    if (drawn()) return done();
    var observer = new MutationObserver(function () {
      if (!drawn()) return;
      observer.disconnect();
      done();
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-rowcount'] });
  });
};
if (new URLSearchParams(location.search).get('view') === 'month') window.__rosterLoad = window.__rosterDrawn(${rows}, ${days});
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const summary = (values: number[]) => ({ median: Math.round(median(values)), max: Math.round(Math.max(...values)) });


async function main() {
  const runs = Number(argValue('--runs') ?? 5);
  const dir = buildDir();
  const workDir = mkdtempSync(join(tmpdir(), 'jornada-roster-draw-'));
  const { file, seed } = await seededDatabase(workDir);
  const employees = seed.largest.employees.length;
  // The supervisor is a row too (the roster lists the Empleado and Supervisor users).
  const rows = employees + 1;
  const [year, month] = seed.exportMonth.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const server = await startServer(
    join(dir, 'api/server.js'),
    productServerEnv(`sqlite:${file}`, { WEB_DIST_DIR: join(dir, 'web'), LOG_LEVEL: 'warn' }),
    join(workDir, 'server.log'),
    '/api/health',
    productionNodeFlags(join(root, 'package.json')),
  );
  const browser = await chromium.launch(chromiumLaunch);
  const clicks: number[] = [];
  const loads: number[] = [];
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORT, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    await context.addInitScript({ content: drawProbe(rows, days) });
    const page = await context.newPage();
    // The page's DevTools session stays attached: a detached one's emulation would end with it.
    const cdp = await context.newCDPSession(page);
    const throttle = (rate: number) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const profile = argValue('--profile');
    const trace = argValue('--trace');
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto('/login');
    await page.getByLabel('Usuario').fill(seed.largest.supervisor.username);
    await page.getByLabel('Contraseña').fill(seed.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL(/\/dashboard\//);
    const grid = page.getByRole('table', { name: 'Cuadrante' });
    const monthUrl = `/dashboard/roster?view=month&month=${seed.exportMonth}`;

    for (let run = 0; run < runs; run += 1) {
      // The week first, at full speed; then 'Mes' at 4× slowdown.
      await page.goto(`/dashboard/roster?week=${seed.exportMonth}-15`);
      await grid.getByRole('rowheader').first().waitFor({ timeout: 120_000 });
      await throttle(CPU_SLOWDOWN);
      // From the click (its event's time stamp) to the frame after the month is drawn.
      const clicked = page.evaluate(
        ({ rows: expected, days: expectedDays }) =>
          new Promise<number>((resolveClick) => {
            const button = Array.from(document.querySelectorAll('button')).find((each) => each.textContent?.trim() === 'Mes')!;
            button.addEventListener('click', (event: Event) => void window.__rosterDrawn!(expected, expectedDays).then((at) => resolveClick(at - event.timeStamp)), { capture: true, once: true });
          }),
        { rows, days },
      );
      if (profile && run === 0) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
      if (trace && run === 0) await browser.startTracing(page, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
      await page.getByRole('button', { name: 'Mes', exact: true }).click();
      clicks.push(await clicked);
      if (trace && run === 0) await browser.stopTracing();
      if (profile && run === 0) writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      await throttle(1);

      // The month's address itself: the app boots, reads the session and the roster, draws. From a
      // blank page, so the previous document's teardown is not counted.
      await page.goto('about:blank');
      await throttle(CPU_SLOWDOWN);
      await page.goto(monthUrl, { timeout: 120_000 });
      loads.push(await page.evaluate(() => window.__rosterLoad!));
      await throttle(1);
      console.log(`run ${run + 1}: click ${Math.round(clicks.at(-1)!)} ms, load ${Math.round(loads.at(-1)!)} ms`);
    }
    // Still whole, at full speed: a chip's details open and close back onto it, and the last person
    // is there at the end of the page. Screenshots of both ends, for a look.
    const screenshots = join(root, 'test-results', 'screenshots');
    mkdirSync(screenshots, { recursive: true });
    const chip = grid.getByRole('button', { name: /^\d\d:\d\d–\d\d:\d\d / }).first();
    await chip.click();
    const details = page.getByRole('dialog');
    await details.waitFor();
    await page.waitForTimeout(300); // its fade-in
    await page.screenshot({ path: join(screenshots, 'roster-draw-month-desktop.png') });
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    if (!(await chip.evaluate((element) => element === document.activeElement))) throw new Error('focus did not return to the chip');
    // The last person's row: by its index when windowed, else every row is there. Scrolled to the
    // end again each time, as a person would press End: rows measured at the end move the end.
    await page.waitForFunction((expected) => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const table = document.querySelector('table[aria-label="Cuadrante"]')!;
      const headers = table.querySelectorAll('tbody th[scope="row"]');
      const last = headers[headers.length - 1]?.parentElement;
      return headers.length === expected || Number(last?.getAttribute('aria-rowindex')) === expected + 1;
    }, rows);
    await page.screenshot({ path: join(screenshots, 'roster-draw-month-desktop-end.png') });
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    if (!argValue('--db')) rmSync(workDir, { recursive: true, force: true });
  }

  const result = {
    at: new Date().toISOString(),
    machine: machine(),
    cpuSlowdown: CPU_SLOWDOWN,
    viewport: VIEWPORT,
    exportMonth: seed.exportMonth,
    rows,
    days,
    runs,
    clickMs: summary(clicks),
    loadMs: summary(loads),
    budgetMs: BUDGET_MS,
    each: clicks.map((click, index) => ({ click: Math.round(click), load: Math.round(loads[index]!) })),
  };
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports/roster-draw.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `roster month drawn at ${CPU_SLOWDOWN}× CPU slowdown, ${rows} rows × ${days} days, ${runs} runs: click on 'Mes' median ${result.clickMs.median} ms (max ${result.clickMs.max}), ` +
      `load of the month's address median ${result.loadMs.median} ms (max ${result.loadMs.max}); budget ${BUDGET_MS} ms`,
  );
  if (result.clickMs.median > BUDGET_MS) process.exitCode = 1;
}

await main();
