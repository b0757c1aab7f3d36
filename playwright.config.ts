import { defineConfig } from "@playwright/test";
import { APP_URL, appEnv, EMULATOR_URL, emulatorEnv } from "./tests/e2e/config";

// Debian's Chromium: test tools may not download browsers here (see docs/stack.md).
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // After the journeys: the app's log holds no deadlock and no line that is not JSON (app-log.ts).
  globalTeardown: "./tests/e2e/global-teardown.ts",
  // One app, one emulator, one database: the journeys run one after another.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // One more try in CI on a shared, loaded machine; a test that fails twice fails the run, and
  // one that passed only on its second try is listed as flaky in the report.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: APP_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      command: "npx tsx emulator/main.ts",
      url: `${EMULATOR_URL}/__emulator/health`,
      env: emulatorEnv,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      command: "npx tsx tests/e2e/serve-app.ts",
      url: `${APP_URL}/`,
      env: appEnv,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    },
  ],
});
