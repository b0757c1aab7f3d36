import { defineConfig } from "@playwright/test";

// The README's quick start, as a new user runs it: `npm run dev` on an empty embedded database
// with the emulator, then the first journey in Chromium. The production-build suite
// (playwright.config.ts) runs on the real PostgreSQL and would not see what only the dev server
// or the embedded database does (the dev server loads the worker's modules apart from the
// routes'). Its own ports and data directory (.data/quickstart-test). `next dev` allows one dev
// server per checkout: stop your own `npm run dev` before running it.
export const QUICKSTART_APP_PORT = Number(process.env.QUICKSTART_APP_PORT ?? 3160);
export const QUICKSTART_EMULATOR_PORT = Number(process.env.QUICKSTART_EMULATOR_PORT ?? 4160);

export default defineConfig({
  testDir: "tests/quickstart",
  testMatch: "**/*.spec.ts",
  workers: 1,
  forbidOnly: !!process.env.CI,
  // The dev server compiles each page on its first visit: slow on two cores.
  timeout: 180_000,
  expect: { timeout: 60_000 },
  reporter: [["list"]],
  outputDir: "test-results/quickstart",
  use: {
    baseURL: `http://localhost:${QUICKSTART_APP_PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
  webServer: {
    command: "npx tsx tests/quickstart/serve-dev.ts",
    url: `http://localhost:${QUICKSTART_APP_PORT}/`,
    env: {
      PORT: String(QUICKSTART_APP_PORT),
      EMULATOR_PORT: String(QUICKSTART_EMULATOR_PORT),
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_FORMAT: "json",
    },
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
