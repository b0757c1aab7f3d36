import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL("./", import.meta.url)) },
  },
  test: {
    include: ["tests/{unit,integration,emulator}/**/*.test.ts"],
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/server-only-shim.ts"],
    environment: "node",
    // Integration files share one PostgreSQL database; running files in parallel would make
    // them observe each other's rows.
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
