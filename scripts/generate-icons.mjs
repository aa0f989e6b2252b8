// Draws the app's PNG icons (web manifest, apple-touch-icon, push notifications) from the clock mark
// of apps/web/public/favicon.svg, with the system Chromium through Playwright. Run again after
// changing the mark (`node scripts/generate-icons.mjs`); the PNGs are committed.
//   any:      the rounded navy tile, as the favicon, transparent corners
//   maskable: full-bleed navy with the mark inside the central 62 % (a launcher's crop keeps the inner 80 %)
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const mark =
  '<circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="2.5"/>' +
  '<path d="M16 10.5V16l3.5 2.5" fill="none" stroke="#93c5fd" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>';
const svgs = {
  any: `<rect width="32" height="32" rx="7" fill="#0b1f44"/>${mark}`,
  maskable: `<rect width="32" height="32" fill="#0b1f44"/><g transform="translate(16 16) scale(0.62) translate(-16 -16)">${mark}</g>`,
};
const icons = [
  ['icon-192.png', 'any', 192],
  ['icon-512.png', 'any', 512],
  ['icon-maskable-512.png', 'maskable', 512],
  ['apple-touch-icon.png', 'maskable', 180],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const [file, kind, size] of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${svgs[kind]}</svg>`,
    );
    await page.screenshot({ path: out + file, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  }
} finally {
  await browser.close();
}
console.log(`icons written to ${out}`);
