import { defineConfig } from '@playwright/test';

/** Browser tests: Debian's Chromium against the production build served by the real server (see global-setup.ts). */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // A flaky pass must not hide a race: no retries.
  retries: 0,
  // Bounds for a machine under load (other test suites on the same two cores), not waits: every wait is an
  // event or a retrying assertion that returns as soon as it holds, so a generous bound costs nothing when tests
  // pass. Measured at a load average of 15-19 on two cores (helpers building and testing beside the suite), one cold
  // load of the console took 10-15 s, a sidebar menu took up to 14 s to settle and a ten-step tab flow 120 s; at a
  // load of 2-4 the same flow takes about 25 s. An assertion may wait 60 s and a test 4 minutes.
  timeout: 240_000,
  expect: { timeout: 60_000 },
  reporter: process.env.PW_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.PW_JSON_REPORT }]] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    headless: true,
    locale: 'zh-CN',
    // Every page opens as for a user who asked for reduced motion: antd's zooms and slides are off, so no click can land
    // on a button that a dialog or popconfirm is still moving into place (on a starved machine Playwright's stability
    // check can sample a moving button twice in one place). tests/motion.spec.ts keeps the motion on and checks it.
    reducedMotion: 'reduce',
    viewport: { width: 1366, height: 800 },
    // A failed test keeps its trace (actions, DOM snapshots, network); without the screencast, which Chromium would
    // otherwise encode frame by frame through every test, passing or not, on the same two cores as the suites.
    // PW_TRACE=off records none: CI keeps only the printed log (each failure's call log and page snapshot), and
    // recording DOM snapshots at every action costs about a tenth of the suite's time.
    trace: process.env.PW_TRACE === 'off' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
  },
  outputDir: process.env.PW_OUTPUT_DIR ?? '../.test-output/e2e',
});
