import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * TEST_SERVER_ONLY=1 leaves out what never runs on the server's Node: the React screens' tests (jsdom; the browser
 * runs them in production) and the lint rules' tests. CI runs them on one Node line and the server's tests on
 * all three (ADR 039); `npm test` runs everything.
 */
const serverOnly = process.env.TEST_SERVER_ONLY === '1' || process.env.TEST_LINE === '1';

/**
 * TEST_LINE=1: what proves a Node line rather than the product (ADR 050) -- the server's tests of the runtime it
 * leans on (configuration, the database drivers and migrations, passwords and tokens, mail, jobs, the plugins:
 * sessions, rate limits, headers), the sign-in and the public sign-up end to end, the API contract, and the
 * faults that need no server process. CI runs it on the oldest line in `engines`, beside the production server's
 * faults; the whole suite runs on the newer lines.
 */
const LINE = [
  'src/server/*.test.ts',
  'src/server/{db,jobs,lib,mail,plugins}/**/*.test.ts',
  'src/server/modules/{auth,public,contract}/**/*.test.ts',
  'src/shared/**/*.test.ts',
  'tests/faults/*.test.ts',
];

/**
 * Files that replace a module for themselves (`vi.mock`, or one that other files have loaded), and the lint rules'
 * test: each runs in a fresh module graph. Every other file shares its worker's (ADR 045): the server's modules and
 * the embedded PGlite's WebAssembly are loaded once per worker instead of once per file, which took a third of a
 * run's time. The fuzz files read the routes' schemas from the app's `routeAccess` and share too (ADR 096).
 */
const ISOLATED_LINE = ['src/server/lib/password.test.ts'];
const ISOLATED = [
  ...ISOLATED_LINE,
  // Replaces node:dns/promises, which the other files of a shared worker have already loaded.
  'src/server/modules/webhooks/ssrf.test.ts',
  ...(serverOnly ? [] : ['tests/lint/*.test.ts']),
];

const include =
  process.env.TEST_LINE === '1'
    ? LINE
    : [
        'src/server/**/*.test.ts',
        'src/shared/**/*.test.ts',
        'tests/api/**/*.test.ts',
        // The layout's lint rules on small snippets (ESLint's Node API, no server).
        ...(serverOnly ? [] : ['tests/lint/*.test.ts']),
        // The faults that need no server process; tests/faults/process runs on its own (.ci/run).
        'tests/faults/*.test.ts',
        // The documents' figures and paths, checked against the code they describe (issue 41).
        'tests/docs/*.test.ts',
        // Needs a Redis server: included when TEST_REDIS_URL names one (.ci/run sets it).
        ...(process.env.TEST_REDIS_URL ? ['tests/redis/**/*.test.ts'] : []),
        // Two app instances on one database: needs PostgreSQL (TEST_DATABASE_URL).
        ...(process.env.TEST_DATABASE_URL ? ['tests/postgres/**/*.test.ts'] : []),
      ];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': r('./src/client'), '@shared': r('./src/shared') } },
  test: {
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/setup-tests.ts'],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
    fileParallelism: true,
    // Vitest's default is one worker fewer than the cores: on CI's two cores that ran the files one at a time
    // while a core idled (ADR 033). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: 'shared', include, exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false },
      },
      // The screens' tests (jsdom) share their worker's modules too (ADR 096): React, the testing library, Radix and
      // zod load once per worker; the app's own modules start fresh in each file (tests/setup/screens-file.ts).
      // Isolated, the 61 files cost 370 CPU-s; sharing, 158.
      ...(serverOnly
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: 'screens',
                include: ['src/client/**/*.test.{ts,tsx}'],
                environment: 'jsdom',
                isolate: false,
                setupFiles: ['tests/setup/screens-file.ts'],
              },
            },
          ]),
      // TEST_LINE=1 isolates only its own files: the fuzz suites prove the product, not the Node line, and ran
      // here too (a third of CI's time) until the isolated project followed the line's list.
      { extends: true, test: { name: 'isolated', include: process.env.TEST_LINE === '1' ? ISOLATED_LINE : ISOLATED } },
    ],
  },
});
