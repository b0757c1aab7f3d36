// The upgrade test's fixture, run with a release's own code inside that release's tree
// (tests/upgrade/upgrade.test.ts copies this folder into a release that predates it, 0.1.0). It
// fills every table the way the app does: two organizations connected, their gifts copied,
// submissions from the editor sent and read back (one Verified, one Differs), a saved rule and a
// bulk allocation sent, a CSV draft left unsent. Every submission is final when it ends, so the
// rows it made stay as they are while other processes run. Prints one JSON line.
// Only this release's lib, its test helpers and the emulator's HTTP interface are used.
// Its imports name the previous release's modules, not this tree's: a refactor here must leave
// them be (this tree re-exports what they name until the release after).
import { db } from "@/lib/db";
import { createRule } from "@/lib/bulk/rules-store";
import { addCsvItems, createCsvDraft, createRuleDraft, markReady } from "@/lib/bulk/drafts";
import { ruleSchema } from "@/lib/bulk/rule";
import { newNamesIn } from "@/lib/bulk/new-names";
import { submitDraft } from "@/lib/bulk/submit";
import type { Connection } from "@/lib/generated/prisma/client";
import { tick } from "@/lib/outbox/tick";
import { splitEvenly } from "@/lib/splits/allocate";
import { centsToInput } from "@/lib/splits/money";
import { submissionRequestSchema } from "@/lib/splits/schema";
import { createSubmission } from "@/lib/submissions/create";
import { transactionFiltersSchema } from "@/lib/transactions/read";
import { syncTransactions } from "@/lib/transactions/sync";
import { connectOrganization, emulatorSwitch } from "@/tests/support/connected-org";
import { splitRowInput } from "@/tests/support/split-input";

const emulator = { url: process.env.SERVICE_BASE_URL ?? "" };
if (!emulator.url) throw new Error("SERVICE_BASE_URL: the emulator's address");

const riverside = await connectOrganization(emulator);
const harbor = await connectOrganization(emulator, "admin@harbor.example");
for (const c of [riverside, harbor]) await syncTransactions(c.id);

async function giftsOf(connection: Connection, take: number, skip = 0) {
  return db().knownTransaction.findMany({
    where: { connectionId: connection.id },
    orderBy: { transactionId: "asc" },
    skip,
    take,
  });
}

async function submitEven(connection: Connection, gifts: Awaited<ReturnType<typeof giftsOf>>, parts = 2) {
  const request = submissionRequestSchema.parse({
    idempotencyKey: crypto.randomUUID(),
    allocations: gifts.map((t) => ({
      transactionId: t.transactionId,
      totalCents: Number(t.amountCents),
      currency: t.currency,
      removedSplitIds: [],
      rows: splitEvenly(Number(t.amountCents), parts).map((cents, i) =>
        splitRowInput(`${t.externalId ?? t.transactionId}:${i + 1}`, centsToInput(cents), { campaign: "Spring Appeal" }),
      ),
    })),
  });
  return (await createSubmission(connection, request)).submissionId;
}

async function settleAll() {
  for (let round = 0; round < 600; round++) {
    await tick({ perRound: 20 });
    const open = await db().submission.count({
      where: { OR: [{ status: { in: ["sending", "processing"] } }, { verification: "pending" }] },
    });
    if (open === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the fixture's submissions did not settle");
}

// Verified: two gifts of each organization, split in two and three.
const [first, second] = [await giftsOf(riverside, 2), await giftsOf(harbor, 1)];
await submitEven(riverside, first, 3);
await submitEven(harbor, second, 2);
await settleAll();

// Differs (a SubmissionDifference): the service drops rows for a gift it does not know without a
// word; the copy is given an external id the service never had, then set back.
const [stale] = await giftsOf(riverside, 1, 2);
if (!stale) throw new Error("Riverside has too few gifts");
await emulatorSwitch(emulator, "settings", { not_found: "silent" });
const key = { connectionId_transactionId: { connectionId: riverside.id, transactionId: stale.transactionId } };
await db().knownTransaction.update({ where: key, data: { externalId: "ext-upgrade-stale" } });
await submitEven(riverside, [{ ...stale, externalId: "ext-upgrade-stale" }]);
await settleAll();
await db().knownTransaction.update({ where: key, data: { externalId: stale.externalId } });
await emulatorSwitch(emulator, "settings", {});

// A saved rule, applied to gifts of a date range and sent; a CSV draft left unsent.
const rule = ruleSchema.parse({
  lines: [
    { fund: "Scholarships", campaign: "Spring Appeal", percent: "60" },
    { fund: "General", percent: "40" },
  ],
  leftoverLine: 1,
});
await createRule(riverside.id, "Sixty forty", rule);
const ruleGifts = await giftsOf(riverside, 2, 3);
const dates = ruleGifts.map((g) => g.occurredAt.toISOString().slice(0, 10)).sort();
const draft = await createRuleDraft(riverside.id, {
  label: "60/40",
  rule,
  filters: transactionFiltersSchema.parse({ after: dates[0], before: dates[dates.length - 1], split: "unsplit" }),
});
// The admin confirms the new fund the preview lists, as the page's tick box does.
await submitDraft(riverside, draft.id, crypto.randomUUID(), (await newNamesIn(riverside.id, draft.id)).digest);
await settleAll();
const [csvGift] = await giftsOf(harbor, 1, 1);
if (!csvGift) throw new Error("Harbor has too few gifts");
const csv = await createCsvDraft(harbor.id, "upgrade.csv", ["transaction_id", "amount", "fund"]);
await addCsvItems(harbor.id, csv.id, [
  {
    transaction: csvGift.transactionId,
    rows: [{ line: 2, values: { transaction_id: csvGift.transactionId, amount: centsToInput(Number(csvGift.amountCents)), fund: "General" } }],
  },
]);
await markReady(harbor.id, csv.id);

console.log(JSON.stringify({ event: "fixture_done", connections: [riverside.id, harbor.id] }));
process.exit(0);
