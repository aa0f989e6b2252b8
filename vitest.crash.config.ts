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
  },
});
