// History as an audit trail: one state per submission (read-back included) and the filter that
// finds it, the snapshot that keeps a gift's donor, amount and before → after after the gift has
// left the copy, the reason, and the CSV export (its lines, the formula guard, one organization).
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { SubmissionStatus, Verification } from "@/lib/generated/prisma/client";
import { centsToInput, formatCents } from "@/lib/splits/money";
import { createCsvDraft } from "@/lib/bulk/drafts";
import { submissionRequestSchema } from "@/lib/splits/schema";
import { createSubmission } from "@/lib/submissions/create";
import { historyCsv } from "@/lib/submissions/history-csv";
import { HISTORY_STATUSES, historyFiltersSchema, listSubmissions } from "@/lib/submissions/list";
import { getSubmission } from "@/lib/submissions/read";
import { giftTimeline } from "@/lib/gift-history/timeline";
import { type SubmissionState, STATE_LABELS, stateSentence, submissionState } from "@/lib/submissions/submission-state";
import type { Connection } from "@/lib/generated/prisma/client";
import { connectOrganization } from "../support/connected-org";
import { splitRowInput } from "../support/split-input";
import { settle, withSyncedOrganization } from "../support/synced-org";
import { syncTransactions } from "@/lib/transactions/sync";

const org = withSyncedOrganization();

const gift = (connection: Connection, transactionId: string) =>
  db().knownTransaction.findUniqueOrThrow({
    where: { connectionId_transactionId: { connectionId: connection.id, transactionId } },
  });

/** Moves `movedCents` of the gift to the fund `to`, the rest staying in its own fund and campaign. */
async function moveToFund(
  connection: Connection,
  transactionId: string,
  movedCents: number,
  to: string,
  reason?: string,
): Promise<string> {
  const t = await gift(connection, transactionId);
  const ref = t.externalId ?? t.transactionId;
  const total = Number(t.amountCents);
  const own = { campaign: t.campaign ?? "", campaignId: t.campaignId ?? "", fund: t.fund ?? "General" };
  const request = submissionRequestSchema.parse({
    idempotencyKey: crypto.randomUUID(),
    reason,
    allocations: [
      {
        transactionId,
        totalCents: total,
        currency: t.currency,
        removedSplitIds: [],
        rows: [
          splitRowInput(`${ref}:1`, centsToInput(total - movedCents), own),
          splitRowInput(`${ref}:2`, centsToInput(movedCents), { ...own, fund: to, fundId: "" }),
        ],
      },
    ],
  });
  return (await createSubmission(connection, request)).submissionId;
}

/** The export parsed as a spreadsheet would read it: a byte-order mark first, and no empty
 *  record anywhere (empty lines are not skipped). */
async function csvOf(connection: Connection, filters = {}): Promise<Record<string, string>[]> {
  let text = "";
  for await (const part of historyCsv(connection.id, true, historyFiltersSchema.parse(filters))) text += part;
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(text).not.toContain("\r\n\r\n");
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: false });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data.filter((r) => Object.values(r).every((v) => v === ""))).toEqual([]);
  return parsed.data;
}

describe("a submission's one state", () => {
  const STATUSES: SubmissionStatus[] = ["sending", "processing", "complete", "complete_with_drops", "needs_attention"];
  const VERDICTS: (Verification | null)[] = [null, "pending", "verified", "differs", "could_not_verify"];

  it("is derived for every status, verdict and connection state, green only for Verified", () => {
    const seen = new Set<SubmissionState>();
    for (const status of STATUSES) {
      for (const verification of VERDICTS) {
        for (const connectionActive of [true, false]) {
          const state = submissionState({ status, verification, connectionActive });
          seen.add(state);
          const expected: SubmissionState =
            status === "needs_attention"
              ? "failed"
              : status === "sending" || status === "processing"
                ? connectionActive
                  ? "sending"
                  : "waiting"
                : verification === "verified" || verification === "differs" || verification === "could_not_verify"
                  ? verification
                  : "checking";
          expect(state, `${status} ${verification} ${connectionActive}`).toBe(expected);
          expect(STATE_LABELS[state].tone === "ok").toBe(state === "verified");
          expect(stateSentence(state, null)).toMatch(/\.$/);
        }
      }
    }
    expect([...seen].sort()).toEqual(
      ["checking", "could_not_verify", "differs", "failed", "sending", "verified", "waiting"].sort(),
    );
  });

  it("is what History's status filter finds: each stored combination under exactly its filter", async () => {
    const ids = ["51001001", "51001002", "51001003", "51001004", "51001005", "51001006", "51001008"];
    const combos: [SubmissionStatus, Verification | null][] = [
      ["sending", null],
      ["processing", null],
      ["complete", null],
      ["complete", "pending"],
      ["complete", "verified"],
      ["complete_with_drops", "differs"],
      ["complete", "could_not_verify"],
    ];
    const made: { id: string; state: SubmissionState }[] = [];
    for (const [i, [status, verification]] of combos.entries()) {
      const id = await moveToFund(org.connection, ids[i]!, 1, "Operations");
      await db().submission.update({ where: { id }, data: { status, verification } });
      made.push({ id, state: submissionState({ status, verification, connectionActive: true }) });
    }
    const failed = await moveToFund(org.connection, "51001009", 1, "Operations");
    await db().submission.update({ where: { id: failed }, data: { status: "needs_attention" } });
    made.push({ id: failed, state: "failed" });

    const filterOf: Record<SubmissionState, (typeof HISTORY_STATUSES)[number]> = {
      sending: "in_progress",
      waiting: "in_progress",
      checking: "checking",
      verified: "verified",
      differs: "differs",
      could_not_verify: "could_not_verify",
      failed: "failed",
    };
    for (const status of HISTORY_STATUSES) {
      const found = await listSubmissions(org.connection.id, 50, historyFiltersSchema.parse({ status }));
      expect(found.map((s) => s.id).sort(), status).toEqual(
        made
          .filter((m) => filterOf[m.state] === status)
          .map((m) => m.id)
          .sort(),
      );
      for (const entry of found) {
        const state = submissionState({
          status: entry.status,
          verification: entry.verificationState,
          connectionActive: true,
        });
        expect(filterOf[state]).toBe(status);
      }
    }
  });
});

describe("the snapshot", () => {
  it("keeps donor, amount, date and before → after once the gift has left the copy", async () => {
    const t = await gift(org.connection, "51001004");
    const id = await moveToFund(org.connection, "51001004", 200, "Operations");
    // The gift leaves the copy (deleted at the service, then a sync): History must not forget it.
    await db().knownSplit.deleteMany({ where: { connectionId: org.connection.id, transactionId: "51001004" } });
    await db().knownTransaction.delete({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId: "51001004" } },
    });

    const [entry] = await listSubmissions(org.connection.id);
    expect(entry?.id).toBe(id);
    expect(entry?.gift).toEqual({
      transactionId: "51001004",
      contactName: t.contactName,
      amountCents: Number(t.amountCents),
      currency: t.currency,
    });
    expect(entry?.moved).toBe(`$2.00 ${t.fund} → Operations`);

    const detail = await getSubmission(org.connection.id, id);
    const record = detail?.transactions[0];
    expect(record).toMatchObject({
      transactionId: "51001004",
      contactName: t.contactName,
      amountCents: Number(t.amountCents),
      externalId: t.externalId,
      occurredAt: t.occurredAt.toISOString(),
    });
    expect(record?.before).toEqual([
      { amountCents: Number(t.amountCents), campaign: t.campaign, parentCampaign: null, fund: t.fund },
    ]);
    expect(record?.after).toEqual([
      { amountCents: Number(t.amountCents) - 200, campaign: t.campaign, parentCampaign: null, fund: t.fund },
      { amountCents: 200, campaign: t.campaign, parentCampaign: null, fund: "Operations" },
    ]);
  });

  it("takes the gift's splits as its before once it is split", async () => {
    const first = await moveToFund(org.connection, "51001001", 2_500, "Operations");
    // Sent and followed: the copy learns the splits the service now holds.
    expect(await settle(first, 400)).toBe("complete");
    const t = await gift(org.connection, "51001001");
    const splits = await db().knownSplit.findMany({
      where: { connectionId: org.connection.id, transactionId: "51001001", deletedAt: null },
    });
    expect(splits.length).toBe(2);
    const second = await moveToFund(org.connection, "51001001", 5_000, "Youth Nutrition");
    const detail = await getSubmission(org.connection.id, second);
    const before = detail?.transactions[0]?.before ?? [];
    expect(before.map((h) => h.fund).sort()).toEqual([t.fund, "Operations"].sort());
    expect(before.reduce((n, h) => n + h.amountCents, 0)).toBe(Number(t.amountCents));
  });

  it("names a file's change by its gifts and the money they moved", async () => {
    const allocations = [];
    for (const [transactionId, cents] of [
      ["51001001", 1_000],
      ["51001003", 250],
      ["51001005", 12_500],
    ] as const) {
      const t = await gift(org.connection, transactionId);
      const ref = t.externalId ?? t.transactionId;
      const to = t.fund === "Operations" ? "General" : "Operations";
      allocations.push({
        transactionId,
        totalCents: Number(t.amountCents),
        currency: t.currency,
        removedSplitIds: [],
        rows: [
          splitRowInput(`${ref}:1`, centsToInput(Number(t.amountCents) - cents), { fund: t.fund ?? "General" }),
          splitRowInput(`${ref}:2`, centsToInput(cents), { fund: to }),
        ],
      });
    }
    const request = submissionRequestSchema.parse({ idempotencyKey: crypto.randomUUID(), allocations });
    const { submissionId } = await createSubmission(org.connection, request);
    const draft = await createCsvDraft(org.connection.id, "november-moves.csv", ["transaction", "amount"]);
    await db().bulkDraft.update({ where: { id: draft.id }, data: { submissionId } });
    const [entry] = await listSubmissions(org.connection.id);
    expect(entry).toMatchObject({ gift: null, moved: "3 gifts · $137.50 moved" });
    expect(entry?.source?.label).toBe("november-moves.csv");
    expect(entry?.origin).toEqual({ kind: "csv", draftId: draft.id, label: "november-moves.csv" });
    // Per fund, largest first: what arrived equals what left (net over the gifts: a gift's move
    // into a fund and another's out of it cancel, so at most what moved).
    const changes = entry?.changes?.changes ?? [];
    expect(entry?.changes).toMatchObject({ by: "fund", currency: "USD" });
    expect(changes.reduce((n, c) => n + c.cents, 0)).toBe(0);
    const arrived = changes.filter((c) => c.cents > 0).reduce((n, c) => n + c.cents, 0);
    expect(arrived).toBeGreaterThan(0);
    expect(arrived).toBeLessThanOrEqual(13_750);
    const sizes = changes.map((c) => Math.abs(c.cents));
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
  });

  it("a submission made before snapshots still reads: its gift from the copy, else its id", async () => {
    const id = await moveToFund(org.connection, "51001002", 100, "Operations");
    await db().submissionGift.deleteMany({ where: { submissionId: id } });
    const t = await gift(org.connection, "51001002");
    const [entry] = await listSubmissions(org.connection.id);
    expect(entry?.gift?.contactName).toBe(t.contactName);
    expect(entry?.moved).toBeNull();
    await db().knownTransaction.delete({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId: "51001002" } },
    });
    const [gone] = await listSubmissions(org.connection.id);
    expect(gone?.gift).toBeNull();
    const detail = await getSubmission(org.connection.id, id);
    expect(detail?.transactions[0]).toMatchObject({ transactionId: "51001002", amountCents: null, before: null });
    const [line] = await csvOf(org.connection);
    expect(line).toMatchObject({ gift: "51001002", donor: "", before: "" });
    expect(line?.after).toContain("$1.00 ");
  });
});

describe("the reason", () => {
  it("is stored with the submission and shown in History, bounded and checked like every text", async () => {
    const why = "Donor asked to move it to the building fund, email of 20 Nov";
    const id = await moveToFund(org.connection, "51001003", 100, "Operations", why);
    expect((await listSubmissions(org.connection.id))[0]?.reason).toBe(why);
    expect((await getSubmission(org.connection.id, id))?.reason).toBe(why);
    // The gift's own timeline says it too, and a change without one says none.
    const t = await gift(org.connection, "51001003");
    expect(await settle(id, 400)).toBe("complete");
    const without = await moveToFund(org.connection, "51001003", 50, "Operations");
    const timeline = await giftTimeline(org.connection.id, { ...t, amountCents: Number(t.amountCents) });
    expect(timeline.map((e) => [e.submissionId, e.reason])).toEqual([
      [without, null],
      [id, why],
    ]);

    const body = (reason: unknown) => ({
      idempotencyKey: crypto.randomUUID(),
      reason,
      allocations: [
        {
          transactionId: "51001003",
          totalCents: 100,
          currency: "USD",
          removedSplitIds: [],
          rows: [splitRowInput("x:1", "1.00")],
        },
      ],
    });
    const refused = (reason: unknown) =>
      submissionRequestSchema.safeParse(body(reason)).error?.issues.map((i) => i.message) ?? [];
    expect(refused("x".repeat(501))).toContain("Reason can be at most 500 characters.");
    expect(refused("one\u0000two")).toContain("Reason cannot contain control characters.");
    expect(refused("half \uD83D")).toEqual([expect.stringContaining("incomplete character")]);
    expect(submissionRequestSchema.parse(body("   ")).reason).toBeUndefined();
    expect(submissionRequestSchema.parse(body(undefined)).reason).toBeUndefined();
  });
});

describe("History as CSV", () => {
  it("has a line per gift with what moved, donor, before, after, reason and state, guarded, one organization only", async () => {
    const t = await gift(org.connection, "51001005");
    await moveToFund(org.connection, "51001005", 100, "Operations", '=HYPERLINK("http://evil.example","x")');
    const own6 = (await gift(org.connection, "51001006")).fund;
    const to6 = own6 === "Youth Nutrition" ? "General" : "Youth Nutrition";
    const later = await moveToFund(org.connection, "51001006", 250, to6, "+1 call with donor");
    await db().submission.update({ where: { id: later }, data: { status: "complete", verification: "differs" } });
    await db().submissionDifference.create({
      data: {
        submissionId: later,
        transactionId: "51001006",
        splitId: null,
        kind: "gift_missing",
        message: "The service's query no longer shows gift 51001006.",
      },
    });
    // Another organization's change, and a donor of Riverside's whose name looks like a formula.
    const harbor = await connectOrganization(org.emulator, "admin@harbor.example");
    await syncTransactions(harbor.id);
    const harborGift = (await db().knownTransaction.findFirstOrThrow({ where: { connectionId: harbor.id } }))
      .transactionId;
    await moveToFund(harbor, harborGift, 100, "Education", "Harbor's own reason");

    const lines = await csvOf(org.connection);
    expect(lines.map((l) => l.gift)).toEqual(["51001006", "51001005"]);
    expect(Object.keys(lines[0]!)).toEqual([
      "when",
      "what",
      "source",
      "gift",
      "external_id",
      "donor",
      "currency",
      "amount",
      "moved",
      "before",
      "after",
      "reason",
      "status",
      "verification",
    ]);
    const [differs, first] = lines;
    expect(differs).toMatchObject({
      status: "Differs",
      verification: "The service's query no longer shows gift 51001006.",
      source: "Split editor",
      // The guard: a leading + is written with a quote before it.
      reason: "'+1 call with donor",
    });
    expect(differs?.what).toBe(`$2.50 ${own6} → ${to6}`);
    expect(first).toMatchObject({
      gift: "51001005",
      external_id: t.externalId ?? "",
      donor: t.contactName ?? "",
      status: "Sending",
      verification: "",
      reason: `'=HYPERLINK("http://evil.example","x")`,
      what: `$1.00 ${t.fund} → Operations`,
      // Amounts as plain numbers, the currency in its own column.
      currency: t.currency,
      amount: (Number(t.amountCents) / 100).toFixed(2),
      moved: "1.00",
    });
    expect(first?.before).toBe(`${formatCents(Number(t.amountCents), t.currency)} ${t.campaign} / ${t.fund}`);
    expect(first?.when).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // The filters of the page apply; Harbor sees only its own.
    expect((await csvOf(org.connection, { status: "differs" })).map((l) => l.gift)).toEqual(["51001006"]);
    const theirs = await csvOf(harbor);
    expect(theirs.map((l) => l.gift)).toEqual([harborGift]);
    expect(theirs.map((l) => l.reason)).toEqual(["Harbor's own reason"]);
  });

  it("pages through more changes than one page holds, newest first, each once", async () => {
    const ids: string[] = [];
    for (const id of ["51001001", "51001002", "51001003"])
      ids.push(await moveToFund(org.connection, id, 1, "Operations"));
    // Fifty-three changes: the export reads them in pages of fifty. Copies of one stored change.
    const source = await db().submission.findUniqueOrThrow({ where: { id: ids[0]! }, include: { gifts: true } });
    for (let i = 0; i < 50; i++) {
      await db().submission.create({
        data: {
          connectionId: org.connection.id,
          idempotencyKey: crypto.randomUUID(),
          requestHash: "x",
          transactionCount: 1,
          rowCount: 0,
          status: "complete",
          verification: "verified",
          createdAt: new Date(source.createdAt.getTime() - 1000 * (i % 5)),
          gifts: {
            create: source.gifts.map(({ id: _id, submissionId: _s, before, after, ...g }) => ({
              ...g,
              before: before ?? [],
              after: after ?? [],
              transactionId: `copy-${i}`,
            })),
          },
        },
      });
    }
    const lines = await csvOf(org.connection);
    expect(lines.length).toBe(53);
    expect(new Set(lines.map((l) => l.gift)).size).toBe(53);
    const times = lines.map((l) => l.when);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
