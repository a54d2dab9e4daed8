import { defineConfig } from '@playwright/test';
import { disableFeatures } from './tests/support/chromiumFlags.ts';

/** Browser tests run in the machine's Chromium; a browser is never downloaded. */
const executablePath = process.env.PEGEL_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  // 15 s: on the two-core CI machine a page with live data under three workers has taken more
  // than 10 s to show what a test waits for; a passing test never waits the whole time.
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Three workers on two cores: a browser test spends much of its time waiting for the plant's
  // ticks and the server, so a third worker shortens the gate by about a fifth.
  workers: Number(process.env.PEGEL_E2E_WORKERS ?? 3),
  reporter: [['list']],
  // One retry on CI: a test that passes only on its retry is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  use: {
    headless: true,
    // Operators may turn motion off (theme.css honours it); the gate runs that way because
    // endless alarm pulses and spinners cost every test CPU (about 13 % of the browser time).
    // The dense process image, the most timing-sensitive view, runs with motion too.
    reducedMotion: 'reduce',
    // Without these a click on a disabled button or a hung navigation waits for the whole
    // test timeout and the failure says nothing about where it stuck.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // No omnibox popup WebUI per context (tests/support/chromiumFlags.ts).
        disableFeatures(),
      ],
    },
    // A trace records a screencast and DOM snapshots of every action: on the shell tests it
    // cost a third of the gate's CPU (146 against 102 CPU-seconds) even where the test passed
    // and the trace was thrown away. On CI the retry of a failed test is traced; locally add
    // `--trace retain-on-failure` when a failure needs one.
    trace: 'on-first-retry',
    // page.route does not see what a service worker answers, and the tests provoke failures
    // through it: no worker unless a test asks for one (tests/e2e/pwa.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  // One plant clock (issue 57): the plant runs on Europe/Berlin while an on-call engineer's or a
  // service desk's browser may be anywhere. The specs under tests/e2e/zone/ concern times that
  // are typed, shown, charted and exported, and run from a browser in New York and one in
  // Kathmandu (+5:45, a zone no whole-hour shortcut gets right); every other spec runs once, in
  // the machine's zone.
  projects: [
    { name: 'main', testIgnore: /[\\/]zone[\\/]/ },
    {
      name: 'new-york',
      testMatch: /[\\/]zone[\\/].*\.spec\.ts$/,
      use: { timezoneId: 'America/New_York' },
    },
    {
      name: 'kathmandu',
      testMatch: /[\\/]zone[\\/].*\.spec\.ts$/,
      use: { timezoneId: 'Asia/Kathmandu' },
    },
  ],
});
