import { defineConfig } from '@playwright/test';

import { e2ePorts } from './e2e/support/ports';

const { appPort, catcherPort, smtpPort } = e2ePorts;
/** Set E2E_WEB_ROOT (with `vite build --outDir` there) to run a second suite beside this one. */
const webRoot = process.env.E2E_WEB_ROOT;
export const e2eDataDir = `/tmp/mealrounds-e2e-${appPort}`;

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
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${appPort}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    viewport: { width: 1366, height: 900 },
    trace: 'off',
  },
  webServer: [
    {
      command: `E2E_SMTP_PORT=${smtpPort} E2E_CATCHER_PORT=${catcherPort} npx tsx e2e/support/mail-catcher.ts`,
      url: `http://127.0.0.1:${catcherPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A fresh embedded database (demo seed) for every run.
      command: `rm -rf ${e2eDataDir} && npx tsx src/server/main.ts`,
      url: `http://localhost:${appPort}/api/config`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(appPort),
        DATA_DIR: e2eDataDir,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        CONTACT_WEBHOOK_URL: `http://127.0.0.1:${catcherPort}/webhook`,
        PUBLIC_URL: `http://localhost:${appPort}`,
        LOG_LEVEL: 'warn',
        ...(webRoot ? { WEB_ROOT: webRoot } : {}),
        PARENT_COMPANY_NAME: 'Harbour Software',
        PARENT_COMPANY_URL: 'https://harbour-software.example/mealrounds',
      },
    },
  ],
});
