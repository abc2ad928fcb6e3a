import { defineConfig } from 'vitest/config';

/**
 * The faults that need a real server process (tests/faults/process): SIGTERM under load, PostgreSQL restarted
 * under it, kill -9 on the embedded database, backups, a read replica that lags or stops (a primary and a standby
 * of private clusters). They run the production bundle (`npm run build` first;
 * BUILD_OUT_DIR picks another build) one file at a time, outside `npm test`:
 *
 *   npx vitest run --config tests/faults/vitest.config.ts
 */
export default defineConfig({
  test: {
    include: ['tests/faults/process/**/*.test.ts'],
    globalSetup: ['tests/faults/process/global-setup.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
