// Vitest global setup: a fresh integration database, migrated, before any test file runs, and
// dropped afterwards. Named after this run's process, so two runs on one machine never share it.
import { ADMIN_URL, applyMigrations, databaseUrl, dropDatabase, recreateDatabase } from "../support/database.ts";

export const INTEGRATION_DATABASE = `apportion_test_${process.pid}`;

export default async function setup() {
  await recreateDatabase(INTEGRATION_DATABASE);
  await applyMigrations(databaseUrl(INTEGRATION_DATABASE));
  return async () => {
    await dropDatabase(INTEGRATION_DATABASE).catch((error: unknown) => {
      console.warn(`Could not drop ${INTEGRATION_DATABASE} on ${ADMIN_URL}: ${(error as Error).message}`);
    });
  };
}
