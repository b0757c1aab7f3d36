// The set-up most integration tests share: an emulator for the file, and before each test an
// empty app database, the emulator back at its seed, Riverside connected and its gifts synced.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type RunningEmulator, startEmulator } from "@/emulator/server";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import type { Connection } from "@/lib/generated/prisma/client";
import { tick } from "@/lib/outbox/tick";
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

/** Moves a submission along until it is final; its final status. */
export async function settle(submissionId: string, rounds: number): Promise<string> {
  for (let i = 0; i < rounds; i++) {
    await tick({ submissionId });
    const { status } = await db().submission.findUniqueOrThrow({ where: { id: submissionId } });
    if (status !== "sending" && status !== "processing") return status;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("submission did not settle");
}

export type ServiceSplit = {
  id: string;
  transaction_id: string;
  unit_amount_in_cents: number;
  fund: string;
  campaign: string;
  deleted_at: string | null;
};

/** The splits the emulator holds for Riverside that are not deleted. */
export async function activeServiceSplits(emulator: RunningEmulator): Promise<ServiceSplit[]> {
  const answer = await fetch(`${emulator.url}/__emulator/organizations/1001/splits`);
  const { splits } = (await answer.json()) as { splits: ServiceSplit[] };
  return splits.filter((s) => !s.deleted_at);
}
