import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

export { expect };
export type { Page };

/**
 * Every browser test imports `test` from here, not from '@playwright/test', so that a test can no
 * longer pass over a crashed screen: any uncaught page error, and any console error that the test did
 * not declare expected, fails the test at its end, in every page of every context it opened (also
 * contexts made with `browser.newContext()`).
 *
 * An answer of the API with a 4xx status is ordinary product behaviour (a wrong password, a refused
 * clock-in) and Chromium logs it as "Failed to load resource: … status of 4xx": those are allowed.
 * Anything else must be declared with `pageErrors.allow(/pattern/)` by the test that expects it.
 */
export interface PageErrorGuard {
  /** Declares a console error this test expects, so it does not fail the test. */
  allow(pattern: RegExp): void;
  /** The problems seen so far (for a test that wants to assert in the middle of a flow). */
  problems(): readonly string[];
}

const ALWAYS_ALLOWED: readonly RegExp[] = [/Failed to load resource: the server responded with a status of 4\d\d/];

export const test = base.extend<{ pageErrors: PageErrorGuard }>({
  pageErrors: [
    async ({ context, browser }, use) => {
      const pageErrors: string[] = [];
      const consoleErrors: { text: string; url: string }[] = [];
      // Judged when read, so a test may declare an expected error after it happened.
      const problems = () => [
        ...pageErrors,
        ...consoleErrors.filter(({ text }) => !allowed.some((pattern) => pattern.test(text))).map(({ text, url }) => `console.error on ${url}: ${text}`),
      ];
      const allowed: RegExp[] = [...ALWAYS_ALLOWED];

      const watchPage = (page: Page) => {
        page.on('pageerror', (error) => pageErrors.push(`pageerror on ${page.url()}: ${error.stack ?? error.message}`));
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          consoleErrors.push({ text: message.text(), url: page.url() });
        });
      };
      const watchContext = (watched: BrowserContext) => {
        watched.pages().forEach(watchPage);
        watched.on('page', watchPage);
      };

      watchContext(context);
      // Contexts the test opens itself (a phone and a desk side by side) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof browser.newContext>) => {
        const created = await newContext(...args);
        watchContext(created);
        return created;
      };

      await use({ allow: (pattern) => allowed.push(pattern), problems });

      browser.newContext = newContext;
      expect(problems(), 'uncaught page errors or unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});
