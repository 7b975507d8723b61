import { defineConfig } from 'vitest/config';

/** One vitest run, four projects; `npm test` runs them all (see tests/run-all.ts). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/integration/env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One emulator set for the whole run; files share it, so run them one at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          // A checkout's first twin analyses the seeded beats before it serves (tests/e2e/helpers/platform.ts).
          hookTimeout: 480_000,
          fileParallelism: false,
          // A browser journey on two busy cores occasionally misses one step's timeout (each such miss in a
          // full run passed alone); it runs once more, and a test failing twice fails the run.
          retry: 1,
        },
      },
    ],
  },
});
