import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { driverPwa } from './vite.driver-pwa.js';
import { firstLoadResolutions } from './vite.first-load.js';

// The API server (src/server) listens on 3000 in development; the dev server forwards API and media calls to it.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

// Server API tests start an embedded Postgres (PGlite) or create a PostgreSQL database, which is slow to boot.
const serverTestTimeouts = { testTimeout: 30_000, hookTimeout: 60_000 };
/** Property tests' fixed seed (the server and domain projects; the web tests have none). */
const fastCheckSeed = 'src/server/testing/fast-check-seed.ts';

/** Tests that start the embedded server or open a data folder themselves: PGlite whatever TEST_DATABASE_URL says. */
const embeddedOnlyTests = [
  'src/server/cli/create-admin.test.ts',
  'src/server/db/data-dir-lock.test.ts',
  'src/server/db/seed/demo-seed-resume.test.ts',
];

/**
 * The server tests whose SQL can behave differently on PGlite than on PostgreSQL (docs/decisions/0015): the
 * database folder (migrations, triggers, seeding, the data folder's lock), the embedded start, and the features
 * whose repositories use raw SQL, row locks or advisory locks (result shapes and type parsing differ by driver,
 * PGlite has one connection). A test file that adds such SQL in another folder joins this list.
 */
const pgliteSensitiveTests = [
  'src/server/db/**/*.test.ts',
  'src/server/cli/**/*.test.ts',
  'src/server/features/accounts/**/*.test.ts',
  'src/server/features/allergens/**/*.test.ts',
  'src/server/features/auth/**/*.test.ts',
  'src/server/features/clients/**/*.test.ts',
  'src/server/features/contact/**/*.test.ts',
  'src/server/features/driver/**/*.test.ts',
  'src/server/features/reports/**/*.test.ts',
  'src/server/features/rounds/automation/**/*.test.ts',
  'src/server/features/visits/**/*.test.ts',
  'src/server/integrations/mail/**/*.test.ts',
];

export default defineConfig({
  root: '.',
  publicDir: 'public',
  // driverPwa: the driver page's service worker (ADR 0018); firstLoadResolutions: libraries' unused code out of the
  // first load (ADR 0043).
  plugins: [react(), driverPwa(), firstLoadResolutions()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // React and the router change less often than the app: chunks of their own stay cached across releases.
        // Earlier groups choose first: React comes first so the driver's phone page (React and idb only) loads
        // nothing of the office. Mantine and the other libraries are not grouped: each goes with the screens that
        // use it, so the public pages and login load only the components they show (bench/first-load.ts).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'idb', test: /node_modules[\\/]idb[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  test: {
    // Every server test file has a database of its own (a PostgreSQL database or an in-memory PGlite), so files
    // run side by side safely. While one waits on PostgreSQL another computes: at least two workers, even on two cores.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? Math.max(2, availableParallelism())),
    // A worker's files share its module cache instead of importing the app again for each file (half the run's
    // time went on imports). Each file still has its own database or jsdom; what a test stubs or spies on is put
    // back before the next test, so nothing a file changes reaches the next file.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/domain/**/*.test.ts',
            'src/contracts/**/*.test.ts',
            'src/server/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // When unit-pglite runs, the embedded-only files run there alone: the same test twice would prove nothing.
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? embeddedOnlyTests : [])],
          setupFiles: [fastCheckSeed],
          ...serverTestTimeouts,
        },
      },
      // With TEST_DATABASE_URL set (CI), the unit project runs on PostgreSQL, and the files whose SQL can behave
      // differently on the embedded PGlite run a second time on it. Without it, everything runs on PGlite once.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'unit-pglite',
                environment: 'node',
                include: pgliteSensitiveTests,
                env: { TEST_DATABASE_URL: '' },
                setupFiles: [fastCheckSeed],
                ...serverTestTimeouts,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          setupFiles: ['src/web/test-setup.ts'],
          // Rendering a screen in jsdom takes a few seconds on a busy machine; the 5 s default was too tight.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
