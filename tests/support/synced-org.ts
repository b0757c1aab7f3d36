// The set-up most integration tests share: an emulator for the file, and before each test an
// empty app database, the emulator back at its seed, Riverside connected and its gifts synced.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type RunningEmulator, startEmulator } from "@/emulator/server";
import { clearEnvCache } from "@/lib/env";
import type { Connection } from "@/lib/generated/prisma/client";
import { syncTransactions } from "@/lib/transactions/sync";
import { resetTables } from "./app-db";
import { connectOrganization, emulatorSwitch } from "./connected-org";

export type SyncedOrganization = { emulator: RunningEmulator; connection: Connection };

export function withSyncedOrganization(): SyncedOrganization {
  const org = {} as SyncedOrganization;
  beforeAll(async () => {
    org.emulator = await startEmulator({ port: 0, importDelayMs: 0 });
    process.env.SERVICE_BASE_URL = org.emulator.url;
    clearEnvCache();
  });
  afterAll(() => org.emulator.close());
  beforeEach(async () => {
    await resetTables();
    await emulatorSwitch(org.emulator, "reset");
    org.connection = await connectOrganization(org.emulator);
    await syncTransactions(org.connection.id);
  });
  return org;
}
