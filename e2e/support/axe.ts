import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';

/*
 * axe-core in the browser tests. Its source is evaluated through the DevTools protocol
 * (page.evaluate), which the app's Content-Security-Policy does not apply to, so the app's
 * CSP stays as strict in tests as in production. @axe-core/playwright needs Node 22.
 */

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA (colour contrast included). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Runs axe on the page (or inside `scope`) and returns the serious and critical violations, readable. */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ tags, scope: selector }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
      const result = await axe.run(selector ?? document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations;
    },
    { tags: WCAG_TAGS, scope },
  );
  return (violations as Violation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${JSON.stringify(node.target)} ${node.failureSummary?.replaceAll('\n', ' ') ?? ''}`)
          .join('\n'),
    );
}

/** Fails with the list of serious and critical WCAG 2.1 AA violations on the page as it is now. */
export async function expectAccessible(page: Page, where: string, scope?: string): Promise<void> {
  // A dialog still fading in is sampled half-transparent (a false contrast failure): let every
  // finite animation end first (spinners run forever and are not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const found = await seriousViolations(page, scope);
  expect(found, `axe on ${where}:\n${found.join('\n')}`).toEqual([]);
}

/** Waits until the page has settled: no loading status, no request in flight. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: 'Cargando' })).toHaveCount(0);
  // Animations (dialog fade-ins) end before colours are sampled.
  await page.waitForTimeout(250);
}

/**
 * A modal dialog: focus starts inside, Tab and Shift+Tab never leave it, Escape closes it and
 * focus returns to the page. `dialog` must be open.
 */
export async function expectFocusTrapAndEscape(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  expect(await focusInside(), 'focus moves into the dialog when it opens').toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < 25; press++) {
      await page.keyboard.press(key);
      expect(await focusInside(), `${key} ×${press + 1} keeps focus in the dialog`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
