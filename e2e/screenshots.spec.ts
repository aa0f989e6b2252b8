import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test } from './support/test';
import { canReachRoute, dashboardRoutes, defaultGrantedViews, type RoleName } from '@jornada/shared/permissions';
import { admin } from './support/credentials';
import { adminSession, createTeam, type TestPerson } from './support/api';
import { signIn } from './support/ui';

// `npm run screenshots`: every screen of every role at phone and desktop width, for people to look at.
const outDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const viewports = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

let people: Record<RoleName, { username: string; password: string }>;

test.beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  const api = await adminSession();
  const team: { supervisor: TestPerson; employee: TestPerson } = await createTeam(api);
  await api.dispose();
  people = { Administrador: admin, Supervisor: team.supervisor, Empleado: team.employee };
});

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
}

for (const viewport of viewports) {
  test.describe(`@screenshots ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('public pages', async ({ page }) => {
      await page.goto('/');
      await shoot(page, `${viewport.name}-landing`);
      await page.goto('/login');
      await shoot(page, `${viewport.name}-login`);
    });

    for (const role of ['Administrador', 'Supervisor', 'Empleado'] as const) {
      test(`every screen of ${role}`, async ({ page }) => {
        test.setTimeout(120_000);
        await signIn(page, people[role].username, people[role].password);
        const granted = defaultGrantedViews(role);
        for (const route of dashboardRoutes.filter(({ name }) => canReachRoute(role, name, granted))) {
          await page.goto(`/dashboard/${route.name}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await shoot(page, `${viewport.name}-${role.toLowerCase()}-${route.name}`);
        }
      });
    }
  });
}
