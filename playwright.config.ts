import { defineConfig } from '@playwright/test';

/** Browser tests run in the machine's Chromium; a browser is never downloaded. */
const executablePath = process.env.PEGEL_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  reporter: process.env.CI ? [['list']] : [['list']],
  retries: 0,
  use: {
    headless: true,
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
