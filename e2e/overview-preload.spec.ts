import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { RoleName } from '@jornada/shared/permissions';
import { admin as adminCredentials } from './support/credentials';
import { adminSession, createTeam } from './support/api';
import { signIn } from './support/ui';

/*
 * The SPA fallback preloads the Panel Principal's API GETs for a signed-in viewer
 * (apps/api/src/plugins/spa.ts, overviewRequests). A preload the page does not use is a wasted
 * request, and a GET it makes without a preload waits for the code: for each role, the preloaded
 * URLs must be exactly the GETs the page makes on its first render, and each of them must reach
 * the server once (Chromium hands the preloaded answer to the page's fetch()).
 */

let people: Record<RoleName, { username: string; password: string }>;

test.beforeAll(async () => {
  const api = await adminSession();
  const { supervisor, employee } = await createTeam(api);
  await api.dispose();
  people = { Administrador: adminCredentials, Supervisor: supervisor, Empleado: employee };
});

/** Loads `path` afresh and returns what was preloaded, what the page fetched and what reached the network. */
async function firstLoad(page: Page, path: string) {
  const network: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) network.push(url.pathname + url.search);
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Panel Principal', level: 1 })).toBeVisible();
  await expect(page.getByText('Calendario de eventos')).toBeVisible();
  // Every first load answered (the page reveals its blocks when nothing is fetching).
  await expect.poll(() => page.evaluate(() => (window as unknown as { __fetched: string[] }).__fetched.length)).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const path = (href: string) => {
      const url = new URL(href, location.href);
      return url.pathname + url.search;
    };
    const preloaded = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')).map((link) => path(link.href));
    const fetched = (window as unknown as { __fetched: string[] }).__fetched.map(path);
    // A fetch() that did not reuse a preload shows up as a resource of its own.
    const unreused = performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'fetch')
      .map((entry) => path(entry.name))
      .filter((url) => preloaded.includes(url));
    return { preloaded, fetched, unreused };
  }).then((result) => ({ ...result, network }));
}

for (const role of ['Empleado', 'Supervisor', 'Administrador'] as const) {
  test(`the overview's preloaded GETs are the ones it makes, each fetched once (${role})`, async ({ page }) => {
    await page.addInitScript(() => {
      const fetched: string[] = [];
      (window as unknown as { __fetched: string[] }).__fetched = fetched;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if ((init?.method ?? 'GET') === 'GET') fetched.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
        return original(input, init);
      };
    });
    await signIn(page, people[role].username, people[role].password);
    // The client-side overview after signing in has made its own GETs: counted from the next load on.
    await expect(page.getByText('Calendario de eventos')).toBeVisible();
    for (const path of ['/dashboard/overview', '/dashboard']) {
      const { preloaded, fetched, unreused, network } = await firstLoad(page, path);
      expect(preloaded, 'a preload for the session and each GET').toContain('/api/auth/me');
      expect([...new Set(fetched)].sort(), `the GETs of ${path} are the preloaded ones`).toEqual([...preloaded].sort());
      expect(unreused, 'no fetch() went past its preload').toEqual([]);
      for (const url of preloaded) expect(network.filter((entry) => entry === url), `${url} reached the server once`).toHaveLength(1);
    }
  });
}

test('no data preloads without a valid session; a stale cookie gets the login page', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'jornada_session', value: 'not-a-session', url: baseURL! }]);
  await page.goto('/dashboard/overview');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.locator('link[rel="preload"][as="fetch"]').count()).toBe(0);
});
