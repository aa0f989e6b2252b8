import { defineConfig } from 'vitest/config';

// `npm run test:crash`: the crash-safety suite, which runs the built server as a child process and
// kills it many times; kept out of the unit/API run (its files end in .crash.ts).
export default defineConfig({
  test: {
    include: ['apps/api/src/**/*.crash.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The registro chain's key for tests (decision 031); a deployment's key never lives in the repo.
    env: { REGISTRO_CHAIN_KEY: '746573742d6f6e6c792d6b65792d666f722d6a6f726e6164612d74657374732d2d' },
  },
});
