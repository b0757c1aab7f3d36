// The history list: each submission named by what it moved, filtered by status and by source.
import { describe, expect, it } from "vitest";
import { createCsvDraft } from "@/lib/bulk/drafts";
import { db } from "@/lib/db";
import { createSubmission } from "@/lib/submissions/create";
import { historyFiltersSchema, listSubmissions } from "@/lib/submissions/list";
import { centsToInput } from "@/lib/splits/money";
import { submissionRequestSchema } from "@/lib/splits/schema";
import { confirming, splitRowInput } from "../support/split-input";
import { withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();

async function submitWhole(transactionIds: string[]) {
  const allocations = [];
  for (const transactionId of transactionIds) {
    const t = await db().knownTransaction.findUniqueOrThrow({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId } },
    });
    const ref = t.externalId ?? t.transactionId;
    allocations.push({
      transactionId,
      totalCents: Number(t.amountCents),
      currency: t.currency,
      removedSplitIds: [],
      rows: [splitRowInput(`${ref}:1`, centsToInput(Number(t.amountCents)), { campaign: "Spring Appeal" })],
    });
  }
  const request = submissionRequestSchema.parse({
    idempotencyKey: crypto.randomUUID(),
    allocations,
    confirmedNewNames: confirming({ campaign: "Spring Appeal" }),
  });
  return (await createSubmission(org.connection, request)).submissionId;
}

describe("history list", () => {
  it("names an editor submission by its gift, a bulk one by its file, and filters by status and source", async () => {
    const fromEditor = await submitWhole(["51001001"]);
    const fromFile = await submitWhole(["51001002", "51001003"]);
    const draft = await createCsvDraft(org.connection.id, "spring-reallocation.csv", ["transaction", "amount"]);
    await db().bulkDraft.update({ where: { id: draft.id }, data: { submissionId: fromFile } });
    await db().submission.update({ where: { id: fromEditor }, data: { status: "needs_attention" } });

    const all = await listSubmissions(org.connection.id);
    const editor = all.find((s) => s.id === fromEditor)!;
    const gift = await db().knownTransaction.findUniqueOrThrow({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId: "51001001" } },
    });
    expect(editor.gift).toEqual({
      transactionId: "51001001",
      contactName: gift.contactName,
      amountCents: Number(gift.amountCents),
      currency: gift.currency,
    });
    expect(editor.source).toBeNull();
    const bulk = all.find((s) => s.id === fromFile)!;
    expect(bulk.gift).toBeNull();
    expect(bulk.source).toEqual({ draftId: draft.id, label: "spring-reallocation.csv", kind: "csv" });

    const ids = async (filters: Record<string, string>) =>
      (await listSubmissions(org.connection.id, 50, historyFiltersSchema.parse(filters))).map((s) => s.id);
    expect(await ids({ status: "failed" })).toEqual([fromEditor]);
    expect(await ids({ status: "in_progress" })).toEqual([fromFile]);
    expect(await ids({ source: "editor" })).toEqual([fromEditor]);
    expect(await ids({ source: "csv" })).toEqual([fromFile]);
    expect(await ids({ source: "rule" })).toEqual([]);
    expect(await ids({ source: "csv", status: "failed" })).toEqual([]);
    // An address with a value that is no filter shows everything rather than failing.
    expect((await ids({ status: "nonsense", source: "elsewhere" })).sort()).toEqual([fromEditor, fromFile].sort());
  });
});
