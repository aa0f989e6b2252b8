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
      input: { server: 'src/server.ts', 'export-worker': 'src/export-worker.ts', demo: 'src/demo-cli.ts', 'verify-registro': 'src/verify-registro-cli.ts', 'rotate-registro-key': 'src/rotate-registro-key-cli.ts', 'purge-expired': 'src/purge-expired-cli.ts' },
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
});
