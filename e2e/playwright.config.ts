import { defineConfig } from '@playwright/test';

/** Browser tests: Debian's Chromium against the production build served by the real server (see global-setup.ts). */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_REPORT }]]
    : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    headless: true,
    locale: 'zh-CN',
    viewport: { width: 1366, height: 800 },
    trace: 'retain-on-failure',
  },
  outputDir: process.env.PW_OUTPUT_DIR ?? '../.test-output/e2e',
});
