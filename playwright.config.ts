import { defineConfig } from '@playwright/test';
import { E2E_AUTH_SECRET } from './test/e2e/visitors.ts';

const PORT = Number(process.env.E2E_PORT ?? 4173);

/** Browser tests drive the system Chromium against the real server and a fresh SQLite database. */
export default defineConfig({
  testDir: 'test/e2e',
  // Fails the run when the browsers reported any Content-Security-Policy violation to the box office.
  globalTeardown: './test/e2e/cspTeardown.ts',
  // Separate runs side by side (E2E_PORT, E2E_OUTPUT_DIR, E2E_DATA_DIR, STATIC_DIR) do not share files.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 900 },
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/api/session`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
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
  },
});
