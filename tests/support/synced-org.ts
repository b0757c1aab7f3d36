// The set-up most integration tests share: an emulator for the file, and before each test an
// empty app database, the emulator back at its seed, Riverside connected (and its gifts synced);
// and the submissions they make.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type RunningEmulator, startEmulator } from "@/emulator/server";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import type { Connection } from "@/lib/generated/prisma/client";
import { tick } from "@/lib/outbox/tick";
import { splitEvenly } from "@/lib/splits/allocate";
import { centsToInput } from "@/lib/splits/money";
import { type SplitRowInput, submissionRequestSchema } from "@/lib/splits/schema";
import { createSubmission } from "@/lib/submissions/create";
import { syncTransactions } from "@/lib/transactions/sync";
import { resetTables } from "./app-db";
import { connectOrganization, emulatorSwitch } from "./connected-org";
import { confirming, splitRowInput } from "./split-input";

export type SyncedOrganization = { emulator: RunningEmulator; connection: Connection };

/** Riverside connected before each test, its gifts not copied yet. */
export function withConnectedOrganization(): SyncedOrganization {
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
  });
  return org;
}

export function withSyncedOrganization(): SyncedOrganization {
  const org = withConnectedOrganization();
  beforeEach(async () => {
    await syncTransactions(org.connection.id);
  });
  return org;
}

/** The ids of the gifts the app's copy holds for a connection. */
export async function copiedIds(connectionId: string): Promise<Set<string>> {
  const rows = await db().knownTransaction.findMany({ where: { connectionId }, select: { transactionId: true } });
  return new Set(rows.map((r) => r.transactionId));
}

/** The connection's sync row: its run's mode, cursor and counts. */
export const syncState = (connectionId: string) => db().transactionSync.findUniqueOrThrow({ where: { connectionId } });

/**
 * Submits each gift split evenly into `parts` lines (ids `<ref>:1…`), with `line` on every line.
 * Its submission's id.
 */
export async function submitEven(
  connection: Connection,
  transactionIds: string[],
  options: { parts?: number; line?: Partial<SplitRowInput> } = {},
): Promise<string> {
  const gifts = await db().knownTransaction.findMany({
    where: { connectionId: connection.id, transactionId: { in: transactionIds } },
    orderBy: { transactionId: "asc" },
  });
  const request = submissionRequestSchema.parse({
    idempotencyKey: crypto.randomUUID(),
    allocations: gifts.map((t) => ({
      transactionId: t.transactionId,
      totalCents: Number(t.amountCents),
      currency: t.currency,
      removedSplitIds: [],
      rows: splitEvenly(Number(t.amountCents), options.parts ?? 2).map((cents, i) =>
        splitRowInput(`${t.externalId ?? t.transactionId}:${i + 1}`, centsToInput(cents), options.line),
      ),
    })),
    confirmedNewNames: confirming(options.line),
  });
  return (await createSubmission(connection, request)).submissionId;
}

/** Ticks until the submission's imports are done and read-back has a verdict; the submission. */
export async function verdict(submissionId: string, rounds = 400) {
  for (let i = 0; i < rounds; i++) {
    await tick({ submissionId, perRound: 20 });
    const s = await db().submission.findUniqueOrThrow({
      where: { id: submissionId },
      include: { differences: { orderBy: [{ transactionId: "asc" }, { splitId: "asc" }] } },
    });
    if (s.verification && s.verification !== "pending") return s;
  }
  throw new Error("read-back did not finish");
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

/** A gift that appears at the service for Riverside after the last sync (the emulator gives it
 *  the campaign of Riverside's first gift). */
export async function addServiceGift(
  emulator: RunningEmulator,
  gift: { id: string; cents: number; time: Date; contact: string },
): Promise<void> {
  const answer = await fetch(`${emulator.url}/__emulator/organizations/1001/transactions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      transaction_id: gift.id,
      external_id: null,
      amount_in_cents: gift.cents,
      transaction_time: gift.time.toISOString(),
      contact_name: gift.contact,
    }),
  });
  if (answer.status !== 201) throw new Error(`The emulator refused the gift ${gift.id}: ${answer.status}`);
}
