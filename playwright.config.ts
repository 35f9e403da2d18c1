import { defineConfig } from '@playwright/test';
import { laneFiles } from './test/e2e/lanes.ts';
import { E2E_AUTH_SECRET } from './test/e2e/visitors.ts';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/**
 * Lanes of tests side by side, each with its own server (ports E2E_PORT, E2E_PORT + 1, …) and database
 * (test/e2e/lanes.ts): `npm run test:e2e` runs two; a single spec run by hand, one.
 */
const LANES = Math.max(1, Number(process.env.E2E_LANES ?? 1));
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const lanes = laneFiles(LANES);

/** Browser tests drive the system Chromium against the real server and a fresh SQLite database. */
export default defineConfig({
  testDir: 'test/e2e',
  // Fails the run when the browsers reported any Content-Security-Policy violation to the box office.
  globalTeardown: ['./test/e2e/cspTeardown.ts', './test/e2e/cpuReport.ts'],
  // Says at the end how busy the machine was and what took its CPU (a slow run says why).
  globalSetup: './test/e2e/cpuWatch.ts',
  // Separate runs side by side (E2E_PORT, E2E_OUTPUT_DIR, E2E_DATA_DIR, STATIC_DIR) do not share files.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // Two lanes share two cores: a whole order can take half a minute, and the seat map's software WebGL
  // several seconds to start. A test that passes waits no longer for these limits.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // One worker per lane: a lane's files run one after another against the lane's own server.
  workers: LANES,
  // A file given on the command line runs in its lane, as in the whole run.
  projects: lanes.map((files, i) => ({
    name: `lane${i + 1}`,
    testMatch: files,
    workers: 1,
    use: { baseURL: `http://127.0.0.1:${PORT + i}` },
  })),
  // Two lanes load two cores hard, and a test that reads the page before it settled can then fail once:
  // in the full run such a test gets one more try, and the report names it flaky, to be fixed.
  retries: LANES > 1 ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    viewport: { width: 1280, height: 900 },
    // A trace records every step's page and screenshot, which on two cores doubles the browsers' CPU:
    // the whole run records only a test's second try (the one a failure is read from); a spec run by
    // hand keeps the trace of any test that fails.
    trace: LANES > 1 ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: lanes.map((_, i) => ({
    command: 'node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${PORT + i}/api/session`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT + i),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${PORT + i}`,
      E2E_DATA_DIR: `${DATA_DIR}-${i + 1}`,
      AUTH_SECRET: E2E_AUTH_SECRET,
      // One address (127.0.0.1) plays every customer of the suite: per-address limits would add up.
      LIMIT_HELD_SEATS_PER_ADDRESS: '1000000',
      LIMIT_LOCKS_PER_MINUTE_PER_ADDRESS: '1000000',
      LIMIT_COMMITS_PER_10MIN_PER_ADDRESS: '1000000',
      LIMIT_HELD_SEATS_PER_ADDRESS_PER_SHOW_MIN: '1000000',
      LIMIT_VISITOR_IDS_PER_MINUTE_PER_ADDRESS: '1000000',
      // Dana's number logs in by code in many tests within 15 minutes (the limit itself: customer.test.ts).
      LIMIT_SMS_PER_15MIN_PER_NUMBER: '1000000',
      LIMIT_SMS_PER_15MIN_PER_ADDRESS: '1000000',
      // A Blik payment waits this long for the banking app (60 s by default), so a test can see it expire.
      SANDBOX_BLIK_APPROVAL_SECONDS: '6',
    },
  })),
});
