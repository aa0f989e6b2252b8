import { expect, type Locator, type Page } from '@playwright/test';
import { localDateTimeOf } from '@jornada/shared/format';

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

/** A signature-like zigzag drawn with the mouse across the pad. */
export async function drawSignature(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not visible');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(box.x + 20 + step * ((box.width - 40) / 10), box.y + box.height * (step % 2 ? 0.3 : 0.7), { steps: 3 });
  }
  await page.mouse.up();
}

/** The Madrid calendar day `days` from today, as 'yyyy-MM-dd' (what the date fields take). */
export function madridDay(days: number): string {
  return localDateTimeOf(new Date(Date.now() + days * 86_400_000)).slice(0, 10);
}

/**
 * Clicks a sidebar entry the way a person would: opening its section first when it is closed
 * (the supervisor's Material and Administración start closed, decision 034).
 */
export async function openMenuEntry(page: Page, section: string, entry: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  const heading = nav.getByRole('button', { name: section, exact: true });
  if ((await heading.getAttribute('aria-expanded')) === 'false') await heading.click();
  const link = nav.getByRole('list', { name: section }).getByRole('link', { name: entry, exact: true });
  await link.scrollIntoViewIfNeeded();
  await link.click();
}
