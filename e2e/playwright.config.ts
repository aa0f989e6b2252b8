import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One fresh SQLite database and one generated admin password per run; workers inherit them.
process.env.E2E_PORT ??= String(4300 + Math.floor(Math.random() * 500));
process.env.E2E_ADMIN_USERNAME ??= 'e2e.admin';
process.env.E2E_ADMIN_PASSWORD ??= `${randomBytes(12).toString('base64url')}A!`;
process.env.E2E_DB ??= join(tmpdir(), `jornada-e2e-${Date.now()}.db`);

// The test mailbox (support/mailbox-server.ts): a real SMTP server the app sends to, read over HTTP.
process.env.E2E_SMTP_PORT ??= String(Number(process.env.E2E_PORT) + 1000);
process.env.E2E_MAILBOX_PORT ??= String(Number(process.env.E2E_PORT) + 1500);

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/** Debian's Chromium, never a downloaded browser; flags keep it off the (closed) network. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--lang=es-ES'],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Long user stories on a 2-core machine: generous per test, while every single wait stays short.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // The JSON report lives outside outputDir, which Playwright empties at every start.
  reporter: [['list'], ['json', { outputFile: '../reports/e2e-report.json' }]],
  use: {
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromiumLaunch }, grepInvert: /@screenshots|@perf/ },
    { name: 'screenshots', use: { launchOptions: chromiumLaunch }, grep: /@screenshots/ },
    // Timings on a phone profile (npm run tap-feedback); not in CI.
    { name: 'perf', use: { launchOptions: chromiumLaunch }, grep: /@perf/ },
  ],
  webServer: [
    {
      // Before the app: its mails go to this SMTP server (account links, notifications).
      command: 'npx tsx e2e/support/mailbox-server.ts',
      cwd: '..',
      url: `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_SMTP_PORT: process.env.E2E_SMTP_PORT, E2E_MAILBOX_PORT: process.env.E2E_MAILBOX_PORT },
    },
    {
      // E2E_BUILD_DIR (scripts/build-isolated.sh) lets parallel work in one checkout use its own build.
      command: process.env.E2E_BUILD_DIR ? `node ${process.env.E2E_BUILD_DIR}/api/server.js` : 'node apps/api/dist/server.js',
      cwd: '..',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'production',
        // The specs sign in as the Administrador with a password (decision 055); two-factor.spec.ts enrols an employee.
        TWO_FACTOR_ADMIN_REQUIRED: 'false',
        PORT: process.env.E2E_PORT,
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${process.env.E2E_DB}`,
        ADMIN_USERNAME: process.env.E2E_ADMIN_USERNAME,
        ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
        COOKIE_SECURE: 'false',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
        SMTP_URL: `smtp://jornada:buzon-de-prueba@127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: 'Jornada <avisos@jornada.example.es>',
        // The browser tests register subscriptions at a made-up push service (no real one is reachable here).
        PUSH_SERVICE_HOSTS: 'push.example.test',
        // The webhook test's receiver listens on 127.0.0.1, a private address (decision 050).
        WEBHOOK_ALLOW_PRIVATE: 'true',
        ...(process.env.E2E_BUILD_DIR ? { WEB_DIST_DIR: `${process.env.E2E_BUILD_DIR}/web` } : {}),
      },
    },
  ],
});
