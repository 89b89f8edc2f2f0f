import os from 'node:os';
import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Web test files that replace modules or need them fresh: each runs in a module registry of its own. */
export const WEB_ISOLATED = [
  'src/app/guard/access-guard.test.ts',
  'src/app/relogin-dialog.test.tsx',
  'src/features/auth/routes/LoginPage.test.tsx',
  'src/features/data-revise/editing/use-submit-revision.test.tsx',
  'src/features/system-admin/customers/LogoField.test.tsx',
  'src/lib/feedback.test.ts',
  'src/lib/i18n/i18n.test.ts',
  'src/lib/request-grid.test.ts',
  'src/lib/request.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the API files wait on PostgreSQL, files and worker threads much of
    // the time, so two at once finish the API suite on SQLite in 101 s instead of 142 s on such a machine.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          isolate: false,
          // A bound, not a wait: some unit files build whole demo forecasts, 1-2 s alone and 5 s or more beside the
          // browser tests on two cores.
          testTimeout: 30_000,
        },
      },
      // The web tests share one jsdom per worker (setting one up per file was most of their time), except the files
      // that replace modules (vi.mock) or need modules fresh (i18n's first load), which keep their own.
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: WEB_ISOLATED,
          setupFiles: ['./src/test/setup.ts'],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-isolated',
          root: './apps/web',
          environment: 'jsdom',
          include: WEB_ISOLATED,
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api-sqlite',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          isolate: false,
          env: { TEST_DB: 'sqlite' },
          // Start-up templates that test apps are copied from, removed when the run ends (test/helpers.ts).
          globalSetup: ['apps/server/test/templates-setup.ts'],
          // Bounds, not waits: API tests build whole demo customers and national grids beside the browser tests.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                environment: 'node' as const,
                include: ['apps/server/test/**/*.test.ts'],
                isolate: false,
                env: { TEST_DB: 'postgres' },
                globalSetup: ['apps/server/test/templates-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
