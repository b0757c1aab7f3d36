import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { INTEGRATION_DATABASE } from "./tests/setup/global-database.ts";
import { databaseUrl } from "./tests/support/database.ts";

export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL("./", import.meta.url)) },
  },
  test: {
    include: ["tests/{unit,integration,emulator}/**/*.test.ts"],
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/server-only-shim.ts"],
    environment: "node",
    env: {
      DATABASE_URL: databaseUrl(INTEGRATION_DATABASE),
      APPORTION_SILENT_LOGS: "1",
      // Backoff between send attempts in milliseconds rather than seconds, so retry tests are fast.
      OUTBOX_BACKOFF_MS: "5",
      // Tests change Connection rows with SQL and assert at once; the cache would see the change
      // a notification later. tests/integration/connection-cache.test.ts turns it on.
      CONNECTION_CACHE: "0",
    },
    // Integration files share one PostgreSQL database; running files in parallel would make
    // them observe each other's rows.
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
