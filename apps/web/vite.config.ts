import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), routePreloads()],
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
