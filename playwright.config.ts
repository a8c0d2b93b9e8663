import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

// End-to-end tests drive Debian's Chromium against the production build, served by the real
// server on a loopback port with a fresh data directory (migrated and seeded on start).
// E2E_PORT / WEB_BUILD_DIR let several checkouts or engineers run suites side by side. No scheduled
// backups (BACKUP_AT=off): one starting mid-suite would only compete for the CPU.
const port = Number(process.env.E2E_PORT ?? 3100);
const buildDir = process.env.WEB_BUILD_DIR ?? 'build';
export const e2eDataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `sthsm-e2e-${port}`);
// Every server of the suite (and each spec's own) seeds the demo from the same drawn pictures: kept in
// DEMO_MEDIA_CACHE after the first seed (decision 0158). The servers and workers inherit the environment.
process.env.DEMO_MEDIA_CACHE ??= path.resolve('node_modules/.cache/sthsm-demo-media');

/** A second server of the same build whose API_URL is a closed port: every API call fails (SPEC §8). */
export const offlinePort = port + 1;
export const offlineBaseURL = `http://127.0.0.1:${offlinePort}`;

/** A third server of the same build showing the second demo school (DEMO2: no videos, no class XII toppers). */
export const demo2Port = port + 2;
export const demo2BaseURL = `http://127.0.0.1:${demo2Port}`;
/** The DEMO2 server's console output: its first-start line holds the staff setup link (web/e2e/admin-journey.spec.ts). */
export const demo2LogFile = `${e2eDataDir}-demo2.log`;

/** A fourth server whose API_URL accepts connections but never answers: every call must time out. */
export const stalledPort = port + 3;
export const stalledBaseURL = `http://127.0.0.1:${stalledPort}`;
const stalledApiPort = port + 4;
// Specs with servers of their own (web/e2e/support/own-server.ts) take the ports above: +7 xss,
// +8 school-profile freshness, +9 settings (+13 its second server on the same database), +10 rich text,
// +11 session resume, +12 syllabus, +14 media children, +5 item actions (delete, undo), +6 file fields of
// pages, +15 seeded items, +16 results day, +17 schools (operators), +18 a new school's brand, +19 unwritten
// pages, +20 moving in, +21 a school from an empty install, +26 a guardian's consent by e-mail.

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'web/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry on CI only, so the report names a test that passed on retry "flaky"; and such a pass
  // fails the run (docs/decisions/0029, 0120).
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'off',
  },
  webServer: [
    {
      command: `rm -rf ${e2eDataDir} && node api/src/server.ts`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: e2eDataDir,
        WEB_BUILD_DIR: buildDir,
        SITE_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        BACKUP_AT: 'off',
      },
    },
    {
      // Port 9 (discard) is closed on loopback: the site's API calls fail at once.
      command: `rm -rf ${e2eDataDir}-offline && node api/src/server.ts`,
      url: `http://127.0.0.1:${offlinePort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(offlinePort),
        HOST: '127.0.0.1',
        DATA_DIR: `${e2eDataDir}-offline`,
        WEB_BUILD_DIR: buildDir,
        SITE_URL: offlineBaseURL,
        API_URL: 'http://127.0.0.1:9',
        LOG_LEVEL: 'warn',
        BACKUP_AT: 'off',
      },
    },
    {
      command: `rm -rf ${e2eDataDir}-demo2 ${demo2LogFile} && node api/src/server.ts > ${demo2LogFile}`,
      url: `${demo2BaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(demo2Port),
        HOST: '127.0.0.1',
        DATA_DIR: `${e2eDataDir}-demo2`,
        WEB_BUILD_DIR: buildDir,
        SITE_URL: demo2BaseURL,
        SCHOOL_CODE: 'DEMO2',
        LOG_LEVEL: 'warn',
        BACKUP_AT: 'off',
      },
    },
    {
      command: `node web/e2e/support/stalled-api.ts ${stalledApiPort} & rm -rf ${e2eDataDir}-stalled && node api/src/server.ts`,
      url: `${stalledBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(stalledPort),
        HOST: '127.0.0.1',
        DATA_DIR: `${e2eDataDir}-stalled`,
        WEB_BUILD_DIR: buildDir,
        SITE_URL: stalledBaseURL,
        API_URL: `http://127.0.0.1:${stalledApiPort}`,
        LOG_LEVEL: 'warn',
        BACKUP_AT: 'off',
      },
    },
  ],
});
