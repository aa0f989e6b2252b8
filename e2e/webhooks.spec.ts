import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { adminSession, createTeam } from './support/api';
import { expect, test } from './support/test';
import { openMenuEntry, signIn } from './support/ui';

/*
 * Issue 28 item 5 (decision 050): a supervisor adds a webhook pointing at a receiver this test starts,
 * copies its signing key, sends a test, and the receiver gets a POST whose signature verifies with
 * that key; 'Envíos' then shows it delivered. Screenshots of the screen and the new key.
 */
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/jornada`;
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

async function team() {
  const api = await adminSession();
  const made = await createTeam(api);
  await api.dispose();
  return made;
}

test('a supervisor adds a webhook, sends a test and sees it delivered, signed with the key shown once', async ({ page }) => {
  const { supervisor } = await team();
  await signIn(page, supervisor.username, supervisor.password);
  await openMenuEntry(page, 'Administración', 'Webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('La empresa no tiene webhooks.')).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo webhook' });
  // An address that is not one is refused in Spanish, and nothing is made.
  await dialog.getByLabel('Dirección del receptor').fill('no es una dirección');
  await dialog.getByRole('button', { name: 'Crear webhook' }).click();
  await expect(dialog.getByText('Indica una dirección https:// válida.')).toBeVisible();
  await dialog.getByLabel('Dirección del receptor').fill(receiverUrl);
  await dialog.getByRole('checkbox', { name: 'Asignación a un evento' }).click();
  await dialog.getByRole('button', { name: 'Crear webhook' }).click();
  const created = page.getByRole('dialog', { name: 'Webhook creado' });
  const secret = await created.getByLabel('Clave de firma').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await created.getByRole('button', { name: 'Hecho' }).click();
  await expect(created).toBeHidden();

  const card = page.getByRole('article', { name: /Webhook: 127\.0\.0\.1/ });
  await expect(card).toContainText('Fichaje de entrada · Fichaje de salida · Asignación a un evento');
  await expect(card).toContainText('Sin envíos');
  await card.getByRole('button', { name: 'Enviar prueba' }).click();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
  const [ping] = received;
  const expected = `v1=${createHmac('sha256', secret).update(`${ping!.headers['jornada-timestamp']}.${ping!.body}`).digest('hex')}`;
  expect(ping!.headers['jornada-signature']).toBe(expected);
  expect(JSON.parse(ping!.body)).toMatchObject({ type: 'ping', data: { mensaje: 'Prueba de webhook de Jornada' } });

  await card.getByRole('button', { name: 'Envíos' }).click();
  const log = page.getByRole('dialog', { name: 'Envíos del webhook' });
  await expect(log.getByRole('list', { name: 'Envíos' }).getByRole('listitem')).toHaveCount(1);
  await expect(log.getByText('Entregado', { exact: true })).toBeVisible();
  await expect(log).toContainText('Prueba');
  await expect(log).toContainText('respuesta 200');
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();
  // The screen still works: the card now reports its last delivery.
  await page.reload();
  await expect(page.getByRole('article', { name: /Webhook: 127\.0\.0\.1/ })).toContainText('Último envío: entregado');
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots webhooks ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the webhooks screen and a new key', async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const { supervisor } = await team();
      await signIn(page, supervisor.username, supervisor.password);
      await page.goto('/dashboard/webhooks');
      await page.getByRole('button', { name: 'Nuevo webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo webhook' });
      await dialog.getByLabel('Dirección del receptor').fill(receiverUrl);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `webhook-form-${viewport.name}.png`) });
      await dialog.getByRole('button', { name: 'Crear webhook' }).click();
      await page.getByRole('dialog', { name: 'Webhook creado' }).getByRole('button', { name: 'Hecho' }).click();
      await expect(page.getByRole('article', { name: /Webhook: 127\.0\.0\.1/ })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `webhooks-${viewport.name}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
