import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['scripts/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: 'forks',
    // The registro chain's key for tests (decision 031); a deployment's key never lives in the repo.
    env: { REGISTRO_CHAIN_KEY: '746573742d6f6e6c792d6b65792d666f722d6a6f726e6164612d74657374732d2d' },
  },
});
