// Vitest global setup: a fresh integration database, migrated, before any test file runs.
import { applyMigrations, databaseUrl, recreateDatabase } from "../support/database.ts";

export const INTEGRATION_DATABASE = "apportion_test";

export default async function setup() {
  await recreateDatabase(INTEGRATION_DATABASE);
  await applyMigrations(databaseUrl(INTEGRATION_DATABASE));
}
