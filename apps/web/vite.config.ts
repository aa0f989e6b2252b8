import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './build/chunking.ts';
import { routePreloads } from './build/route-preloads.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
// Below this a compressed copy saves less than the headers it costs.
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz copy of every text asset after the build, at the highest levels:
 * the server sends them as they are (@fastify/static preCompressed), so phones on poor
 * networks get the smallest files without the server compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'jornada-precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = await readdir(dir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite'))
          .map(async (file) => {
            const path = join(dir, file);
            const content = await readFile(path);
            if (content.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
              gz(content, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
          }),
      );
    },
  };
}

/**
 * The installable app (issue 24): the web manifest, and the service worker src/sw/sw.ts built with
 * Workbox's precache list injected (injectManifest, so the push handlers of decision 037 live in the
 * same worker). It is emitted as /sw.js, the URL the push feature has always registered.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    // src/lib/pwa/register-service-worker.ts registers it, with the update banner.
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'Jornada',
      short_name: 'Jornada',
      description: 'Fichajes, horas y partes de trabajo del personal de seguridad y eventos, también sin cobertura.',
      lang: 'es',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      // The top bar's navy, as index.html's theme-color.
      theme_color: '#0b1f44',
      background_color: '#0b1f44',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The shell and every screen's chunks (the employee's among them); never the .br/.gz copies.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['**/*.br', '**/*.gz', 'sw.js'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), routePreloads(), installableApp()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // The API runs as its own process in development; same-origin /api keeps cookies and CSRF rules identical to production.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each page loads, read by `npm run size` (never served: a dot folder).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The dashboard sets are closed under imports already (see dashboardChunkName).
          groups: chunkGroups(),
        },
      },
    },
  },
});
