import { rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.resolve('tests/e2e/.artifacts/data');
// Each run starts from an empty embedded database. Workers load this file too, while the server runs,
// so only the main process (no worker index) may clear it.
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(dataDir, { recursive: true, force: true });

const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'tests/e2e/.artifacts/results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || undefined, args: chromiumArgs },
  },
  projects: [
    // The app's end-to-end tests.
    { name: 'chromium', testDir: 'tests/e2e', testIgnore: /performance/, use: { ...devices['Desktop Chrome'] } },
    // Frame times in the whole reader, once the other end-to-end tests are done: alone on the cores.
    {
      name: 'reader-performance',
      testDir: 'tests/e2e',
      testMatch: /performance/,
      dependencies: ['chromium'],
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
    },
    // The reader engine on a fixture page (it serves itself with Vite); goldens are committed. One test at a
    // time: the frame-time measurement means nothing while another browser competes for the same cores.
    {
      name: 'snapshots',
      testDir: 'tests/snapshots',
      workers: 1,
      outputDir: 'tests/snapshots/.artifacts/results',
      snapshotPathTemplate: 'tests/snapshots/__golden__/{arg}{ext}',
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    command: 'npx tsx src/server/main.ts',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Small, so the billing flow reaches the free limit in a few stories.
      FREE_STORIES_PER_MONTH: '3',
      // registerViaApi names its own client address (tests/e2e/support.ts); only loopback may do so.
      TRUST_PROXY: '127.0.0.1',
    },
  },
});
