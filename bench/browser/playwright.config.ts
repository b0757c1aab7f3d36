// Browser benchmarks against the production build and the emulator, on the e2e servers.
// They print figures; they assert nothing about time.
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import base from "../../playwright.config";

const root = fileURLToPath(new URL("../..", import.meta.url));
const servers = Array.isArray(base.webServer) ? base.webServer : base.webServer ? [base.webServer] : [];

export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: "**/*.bench.ts",
  timeout: 300_000,
  reporter: [["list"]],
  outputDir: `${root}/test-results/bench`,
  // The base names it relative to the repository's root; from here it would not be found.
  globalTeardown: `${root}/tests/e2e/global-teardown.ts`,
  // The same servers as the end-to-end tests, started from the repository's root.
  webServer: servers.map((server) => ({ ...server, cwd: root })),
});
