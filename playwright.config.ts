import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * Journeys run in parallel workers (E2E_WORKERS, default one per core, at most 4), each with its own server, data
 * folder, ports and mail catcher: see e2e/support/e2e-server.ts. Files are split across workers; the tests of a
 * file run in order in one worker.
 */
const workers = Number(process.env.E2E_WORKERS ?? Math.min(4, availableParallelism()));
// Debian's Chromium: Playwright never downloads a browser here.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers,
  globalSetup: './e2e/support/global-setup.ts',
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    viewport: { width: 1366, height: 900 },
    // The app honours the system's reduced-motion setting: no transitions to wait out before a click or a scan.
    reducedMotion: 'reduce',
    trace: 'off',
  },
});
