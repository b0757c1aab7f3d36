import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run test:upgrade` (part of `npm test`): tests/upgrade/upgrade.test.ts, apart from the unit
// and integration suites because it runs the previous release's processes for minutes and makes
// its own databases (apportion_upgrade_<pid>).
export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL("./", import.meta.url)) },
  },
  test: {
    include: ["tests/upgrade/**/*.test.ts"],
    setupFiles: ["tests/setup/server-only-shim.ts"],
    environment: "node",
    env: { APPORTION_SILENT_LOGS: "1" },
    testTimeout: 15 * 60_000,
    hookTimeout: 120_000,
  },
});
