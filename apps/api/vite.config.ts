import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

// The server is bundled (with the shared TypeScript package inlined); npm dependencies stay external.
const external = [
  ...builtinModules,
  ...builtinModules.map((name) => `node:${name}`),
  ...Object.keys(pkg.dependencies).filter((name) => name !== '@jornada/shared'),
];

export default defineConfig({
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: { server: 'src/server.ts', 'export-worker': 'src/cli/export-worker.ts', demo: 'src/cli/demo.ts', 'verify-registro': 'src/cli/verify-registro.ts', 'rotate-registro-key': 'src/cli/rotate-registro-key.ts', 'purge-expired': 'src/cli/purge-expired.ts', backup: 'src/cli/backup.ts', restore: 'src/cli/restore.ts' },
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
});
