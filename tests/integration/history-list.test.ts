// The history list: each submission named by what it moved, filtered by status and by source.
import { describe, expect, it } from "vitest";
import { createCsvDraft } from "@/lib/bulk/drafts";
import { db } from "@/lib/db";
import { createSubmission } from "@/lib/submissions/create";
import { historyFiltersSchema, listSubmissions } from "@/lib/submissions/list";
import { centsToInput } from "@/lib/splits/money";
import { submissionRequestSchema } from "@/lib/splits/schema";
import { matchTemplatesAfterSync } from "@/lib/templates/after-sync";
import { sendAutomaticOnce } from "@/lib/templates/auto-send";
import { approveItems } from "@/lib/templates/inbox";
import { selectionSummary } from "@/lib/templates/inbox-names";
import { templateSchema } from "@/lib/templates/schema";
import { createTemplate } from "@/lib/templates/store";
import { syncTransactions } from "@/lib/transactions/sync";
import { confirming, splitRowInput } from "../support/split-input";
import { addServiceGift, withSyncedOrganization } from "../support/synced-org";

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

  it("names a template's approval and an automatic send by their gifts, largest fund changes, and source", async () => {
    // Each complete sync proposes templates, as in the app (instrumentation.ts, every worker).
    matchTemplatesAfterSync();
    // Gifts of the emulator's first campaign that arrive after the first sync.
    const arrive = async (prefix: string, cents: number[]) => {
      for (const [i, amount] of cents.entries()) {
        await addServiceGift(org.emulator, {
          id: `${prefix}-${i + 1}`,
          cents: amount,
          time: new Date(Date.UTC(2026, 10, 1, 12, 0, i)),
          contact: `Donor ${i + 1}`,
        });
      }
      await syncTransactions(org.connection.id);
    };
    const lines = [
      { kind: "percent", figure: "40", fund: "Food Purchasing" },
      { kind: "percent", figure: "10", fund: "Operations" },
      { kind: "remainder", fund: "General" },
    ];
    const appliesTo = { kind: "campaign", value: "Annual Appeal 2026" };
    await createTemplate(org.connection.id, templateSchema.parse({ name: "Appeal 40/60", appliesTo, lines }));
    await arrive("hist", [10_000, 20_000, 30_000]);
    // The approve dialog's question: what moves per fund and in all, not the gifts' total.
    const asked = await selectionSummary(org.connection.id, "all");
    expect(asked).toMatchObject({ gifts: 3, totalCents: 60_000 });
    expect(asked.moves).toEqual({
      currency: "USD",
      movedCents: 30_000,
      funds: [
        { fund: "General", currency: "USD", beforeCents: 60_000, afterCents: 30_000 },
        { fund: "Food Purchasing", currency: "USD", beforeCents: 0, afterCents: 24_000 },
        { fund: "Operations", currency: "USD", beforeCents: 0, afterCents: 6_000 },
      ],
    });
    const { submissionId: approved } = await approveItems(org.connection, {
      idempotencyKey: crypto.randomUUID(),
      items: "all",
    });
    await db().allocationTemplate.updateMany({ where: { connectionId: org.connection.id }, data: { autoSend: true } });
    await arrive("auto", [5_000, 7_000]);
    expect(await sendAutomaticOnce("test-worker")).toBe(true);
    const fromEditor = await submitWhole(["51001001"]);

    const all = await listSubmissions(org.connection.id);
    const entry = (id: string) => all.find((s) => s.id === id)!;
    // $600.00 of gifts, half of it moved out of the gifts' own fund (General): never one gift's move.
    expect(entry(approved)).toMatchObject({
      gift: null,
      moved: "3 gifts · $300.00 moved",
      origin: { kind: "template", templates: ["Appeal 40/60"], automatic: false },
      changes: {
        by: "fund",
        currency: "USD",
        changes: [
          { name: "General", cents: -30_000 },
          { name: "Food Purchasing", cents: 24_000 },
          { name: "Operations", cents: 6_000 },
        ],
      },
    });
    const automatic = all.find((s) => s.origin.kind === "template" && s.origin.automatic)!;
    expect(automatic).toMatchObject({ moved: "2 gifts · $60.00 moved", gift: null });
    expect(entry(fromEditor)).toMatchObject({ origin: { kind: "editor" }, changes: null });

    const ids = async (source: string) =>
      (await listSubmissions(org.connection.id, 50, historyFiltersSchema.parse({ source }))).map((s) => s.id);
    expect(await ids("template")).toEqual([approved]);
    expect(await ids("automatic")).toEqual([automatic.id]);
    expect(await ids("editor")).toEqual([fromEditor]);
  });
});
