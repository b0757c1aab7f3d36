// Bulk allocation against real PostgreSQL and the emulator: checking, preview, the error CSV,
// rules, and submission through the same pipeline as the editor.
import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/app-error";
import { readCsv } from "@/lib/bulk/csv-read";
import { addCsvItems, createCsvDraft, createRuleDraft, markReady } from "@/lib/bulk/drafts";
import { errorCsv, getPreview } from "@/lib/bulk/read";
import { ruleSchema } from "@/lib/bulk/rule";
import { createRule, deleteRule, listRules, updateRule } from "@/lib/bulk/rules-store";
import { newNamesIn, replaceNewName } from "@/lib/bulk/new-names";
import { submitDraft } from "@/lib/bulk/submit";
import { db } from "@/lib/db";
import { getProgress } from "@/lib/submissions/progress";
import { tick } from "@/lib/outbox/tick";
import { transactionFiltersSchema } from "@/lib/transactions/filters";
import { knownNames } from "@/lib/transactions/read";
import { connectOrganization } from "../support/connected-org";
import { activeServiceSplits, settle, withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();

// Org 1001's seed: 51001001 = ext-1001-0001 $100.00; 51001002 = ext-1001-0002 $25.00;
// 51001003 (no external id) $123.45; 51001007 = ext-1001-0007 $0.01.
async function uploadCsv(csv: string, label = "gifts.csv") {
  const read = await readCsv(csv);
  if (!read.ok) throw new Error(read.error);
  const draft = await createCsvDraft(org.connection.id, label, read.columns);
  await addCsvItems(org.connection.id, draft.id, read.groups);
  await markReady(org.connection.id, draft.id);
  return draft.id;
}

const CSV = [
  "transaction_id,amount,quantity,campaign,fund,note",
  "ext-1001-0001,60.00,,Spring Appeal,Scholarships,by external id",
  "51001003,100.00,1,,General,by transaction id",
  "ext-1001-0001,40.00,1,Spring Appeal,General,",
  "51001003,23.45,1,,Operations,",
  "51001002,20.00,1,,General,short by $5",
  "99999999,1.00,1,,General,unknown",
  "ext-1001-0007,0,1,,General,zero amount",
].join("\n");

describe("a CSV allocation", () => {
  it("checks every transaction and row, and says what is wrong and why", async () => {
    const id = await uploadCsv(CSV);
    const draft = await db().bulkDraft.findUniqueOrThrow({ where: { id } });
    expect(draft).toMatchObject({ status: "ready", transactionCount: 5, validCount: 2, rowCount: 7, validRowCount: 4 });

    const invalid = await getPreview(org.connection.id, id, { show: "invalid", page: 1 });
    expect(invalid.items.map((i) => [i.transactionKey, i.errors, i.rows.map((r) => r.errors)])).toEqual([
      ["51001002", ["The splits add up to $20.00: $5.00 short of the $25.00 total."], [[]]],
      ["99999999", [expect.stringContaining("No gift 99999999 is known")], [[]]],
      ["ext-1001-0007", [], [["amount: The amount must be more than 0."]]],
    ]);
    const valid = await getPreview(org.connection.id, id, { show: "valid", page: 1 });
    expect(valid.items.map((i) => [i.transactionId, i.rows.map((r) => r.amount)])).toEqual([
      ["51001001", ["60.00", "40.00"]],
      ["51001003", ["100.00", "23.45"]],
    ]);
  });

  it("shows what sending changes at the service, per campaign and fund, before Send", async () => {
    const id = await uploadCsv(CSV);
    const { moves, more, currency } = (await getPreview(org.connection.id, id, { page: 1 })).moves;
    expect(currency).toBe("USD");
    expect(more).toBe(0);
    expect(moves).toContainEqual({
      campaign: "Spring Appeal",
      fund: "Scholarships",
      beforeCents: 0,
      afterCents: 6_000,
    });
    // Money moves between places; none appears or vanishes.
    expect(moves.reduce((sum, m) => sum + m.afterCents - m.beforeCents, 0)).toBe(0);
    const gift = await db().knownTransaction.findUniqueOrThrow({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId: "51001001" } },
    });
    expect(moves).toContainEqual(
      expect.objectContaining({ campaign: gift.campaign, fund: gift.fund ?? "General", afterCents: 0 }),
    );
    // Once sent, the preview no longer computes it.
    await submitDraft(org.connection, id, crypto.randomUUID(), (await newNamesIn(org.connection.id, id)).digest);
    expect((await getPreview(org.connection.id, id, { page: 1 })).moves.moves).toEqual([]);
  });

  it("checks the sample file offered on the page as fully valid in the Playground", async () => {
    const sample = await readFile(new URL("../../public/bulk-sample.csv", import.meta.url), "utf8");
    const id = await uploadCsv(sample, "bulk-sample.csv");
    expect(await db().bulkDraft.findUniqueOrThrow({ where: { id } })).toMatchObject({
      transactionCount: 3,
      validCount: 3,
      rowCount: 5,
    });
  });

  it("gives the wrong rows back as a CSV with the file's own columns and an error column", async () => {
    const id = await uploadCsv(CSV, "Spring gifts.csv");
    const { fileName, csv } = await errorCsv(org.connection.id, id);
    expect(fileName).toBe("Spring-gifts-errors.csv");
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true });
    expect(parsed.meta.fields).toEqual([
      "transaction_id",
      "amount",
      "quantity",
      "campaign",
      "fund",
      "note",
      "line",
      "error",
    ]);
    expect(parsed.data.map((r) => r.line)).toEqual(["6", "7", "8"]);
    expect(parsed.data.map((r) => [r.transaction_id, r.note, r.error])).toEqual([
      ["51001002", "short by $5", "The splits add up to $20.00: $5.00 short of the $25.00 total."],
      ["99999999", "unknown", expect.stringContaining("No gift 99999999 is known")],
      ["ext-1001-0007", "zero amount", "amount: The amount must be more than 0."],
    ]);
  });

  it("explains every line of a refused gift, and replaces the line and error columns of a file sent again", async () => {
    const first = await uploadCsv('transaction_id,amount,fund\n51001002,20.00,General\n51001002,"2,5",Operations\n');
    const { csv } = await errorCsv(org.connection.id, first);
    const again = await uploadCsv(csv, "again.csv");
    const { csv: second } = await errorCsv(org.connection.id, again);
    const parsed = Papa.parse<Record<string, string>>(second, { header: true });
    expect(parsed.meta.fields).toEqual(["transaction_id", "amount", "fund", "line", "error"]);
    expect(parsed.data.map((r) => r.error)).toEqual([
      "Another line of this gift has a problem.",
      "amount: Use a dot for cents: write 2.5, not 2,5.",
    ]);
  });

  it("keeps a gift's own campaign when the campaign is left blank", async () => {
    const id = await uploadCsv("transaction_id,amount,fund\n51001003,123.45,General\n");
    const preview = await getPreview(org.connection.id, id, { show: "valid", page: 1 });
    const gift = await db().knownTransaction.findUniqueOrThrow({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId: "51001003" } },
    });
    expect(gift.campaign).toBeTruthy();
    expect(preview.items[0]?.rows[0]?.campaign).toBe(gift.campaign);
    expect(preview.items[0]?.current).toBe(`${gift.campaign} / ${gift.fund}`);
  });

  it("lists names new to the organization with the near match, and sends only when each is confirmed", async () => {
    const id = await uploadCsv(
      "transaction_id,amount,campaign,fund\n51001003,100.00,,Operatons\n51001003,23.45,Brand New Drive,Operations\n",
    );
    const preview = await getPreview(org.connection.id, id, { show: "valid", page: 1 });
    expect(preview.newNames.names).toEqual([
      { kind: "campaign", name: "Brand New Drive", transactions: 1, nearMatch: null },
      { kind: "fund", name: "Operatons", transactions: 1, nearMatch: "Operations" },
    ]);
    expect(preview.newNames.total).toBe(2);
    const key = crypto.randomUUID();
    const refused = await submitDraft(org.connection, id, key).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(409);
    expect((refused as AppError).message).toContain("fund “Operatons”");
    // A confirmation of another list is not one of this list, and nothing is claimed or stored meanwhile.
    await expect(submitDraft(org.connection, id, key, "0".repeat(32))).rejects.toThrow(/campaign “Brand New Drive”/);
    expect(await db().bulkDraft.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "ready",
      submitKey: null,
    });
    expect(await db().submission.count({ where: { idempotencyKey: key } })).toBe(0);

    // A suggestion taken in the preview replaces the name in every sendable line, with its id.
    await expect(
      replaceNewName(org.connection.id, id, { kind: "fund", from: "Operatons", to: "Not A Fund" }),
    ).rejects.toThrow("“Not A Fund” is not a fund this organization uses.");
    expect(await replaceNewName(org.connection.id, id, { kind: "fund", from: "Operatons", to: "Operations" })).toBe(1);
    const after = await getPreview(org.connection.id, id, { show: "valid", page: 1 });
    expect(after.items[0]?.rows.map((r) => r.fund)).toEqual(["Operations", "Operations"]);
    expect(after.newNames.names.map((n) => n.name)).toEqual(["Brand New Drive"]);
    // The list confirmed before the replacement is not the list now.
    await expect(submitDraft(org.connection, id, key, preview.newNames.digest)).rejects.toThrow(/Brand New Drive/);

    const { created } = await submitDraft(org.connection, id, key, after.newNames.digest);
    expect(created).toBe(true);
    expect((await getPreview(org.connection.id, id, { page: 1 })).newNames.total).toBe(0);
    // Once sent, nothing in it changes.
    await expect(
      replaceNewName(org.connection.id, id, { kind: "fund", from: "Operations", to: "General" }),
    ).rejects.toThrow("cannot change now");
  });

  it("a campaign taken from the suggestions brings its own parent, never the line's", async () => {
    const id = await uploadCsv(
      "transaction_id,amount,campaign,parent_campaign,fund\n51001003,123.45,Spring Fod Drive,Holiday Meals,General\n",
    );
    const { names } = (await getPreview(org.connection.id, id, { page: 1 })).newNames;
    expect(names.find((n) => n.kind === "campaign")).toMatchObject({
      name: "Spring Fod Drive",
      nearMatch: "Spring Food Drive",
    });
    await replaceNewName(org.connection.id, id, {
      kind: "campaign",
      from: "Spring Fod Drive",
      to: "Spring Food Drive",
    });
    const item = await db().bulkDraftItem.findFirstOrThrow({ where: { draftId: id } });
    const known = (await knownNames(org.connection.id)).campaigns.find((c) => c.name === "Spring Food Drive");
    const [row] = (item.allocation as { rows: Record<string, unknown>[] }).rows;
    expect(row).toMatchObject({ campaign: "Spring Food Drive" });
    expect(row?.parentCampaign).toBe(known?.parent ?? undefined);
    expect(row?.parentCampaign).not.toBe("Holiday Meals");
  });

  it("lists the first new names, counts them all, and confirms any number in one small digest", async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `51001001,1.00,,Fund ${String(i).padStart(3, "0")}`);
    const rest = ["100.00", "20.00", "3.00", "0.45"].map((a, i) => `51001003,${a},,Fund ${100 + i}`);
    const id = await uploadCsv(["transaction_id,amount,campaign,fund", ...hundred, ...rest].join("\n"));
    expect(await db().bulkDraft.findUniqueOrThrow({ where: { id } })).toMatchObject({ validCount: 2 });
    const { names, total, digest } = (await getPreview(org.connection.id, id, { page: 1 })).newNames;
    expect(total).toBe(104);
    expect(names).toHaveLength(100);
    expect(digest).toMatch(/^[0-9a-f]{32}$/);
    const refused = await submitDraft(org.connection, id, crypto.randomUUID()).catch((e: unknown) => e);
    expect((refused as AppError).message).toContain("and 99 more at the service");
    expect((await submitDraft(org.connection, id, crypto.randomUUID(), digest)).created).toBe(true);
  });

  it("a blank campaign on a split gift keeps the campaign its splits share; splits in two are refused", async () => {
    const connectionId = org.connection.id;
    const split = (suffix: number, cents: number, campaign: string) => ({
      connectionId,
      transactionId: "51001003",
      splitId: `51001003:${suffix}`,
      unitAmountCents: cents,
      quantity: 1,
      campaign,
      fund: "General",
    });
    await db().knownSplit.createMany({ data: [split(1, 10_000, "Mural Fund"), split(2, 2_345, "Mural Fund")] });
    const shared = await uploadCsv("transaction_id,amount,fund\n51001003,123.45,General\n");
    const preview = await getPreview(connectionId, shared, { show: "valid", page: 1 });
    expect(preview.items[0]?.rows[0]?.campaign).toBe("Mural Fund");

    await db().knownSplit.update({
      where: { connectionId_splitId: { connectionId, splitId: "51001003:2" } },
      data: { campaign: "Holiday Meals" },
    });
    const mixed = await uploadCsv("transaction_id,amount,fund\n51001003,123.45,General\n");
    const refused = await getPreview(connectionId, mixed, { show: "invalid", page: 1 });
    expect(refused.items[0]?.rows[0]?.errors).toEqual([
      "campaign: Choose a campaign: this gift's splits are in “Mural Fund” and “Holiday Meals”, so a blank campaign has no one campaign to keep.",
    ]);
  });

  it("refuses a blank campaign on a gift that has none to keep, on that line", async () => {
    await db().knownTransaction.update({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId: "51001003" } },
      data: { campaign: null, campaignId: null },
    });
    const id = await uploadCsv(
      "transaction_id,amount,campaign,fund\n51001003,100.00,,General\n51001003,23.45,Spring,General\n",
    );
    const invalid = await getPreview(org.connection.id, id, { show: "invalid", page: 1 });
    expect(invalid.items[0]?.rows.map((r) => r.errors)).toEqual([
      [expect.stringMatching(/^campaign: Choose a campaign: this gift has none of its own/)],
      ["Another line of this gift has a problem."],
    ]);
  });

  it("refuses a gift named by both of its ids, in one part or across parts, in every place", async () => {
    const same = await uploadCsv("transaction_id,amount,fund\next-1001-0004,3.00,A\n51001004,2.00,B\n");
    const preview = await getPreview(org.connection.id, same, { show: "invalid", page: 1 });
    expect(preview.items.map((i) => i.errors)).toEqual([
      ["Gift 51001004 appears under ext-1001-0004 and 51001004: put all its lines under one id."],
      ["Gift 51001004 appears under ext-1001-0004 and 51001004: put all its lines under one id."],
    ]);

    const read = await readCsv("transaction_id,amount,fund\next-1001-0004,5.00,A\n51001004,5.00,B\n");
    if (!read.ok) throw new Error(read.error);
    const draft = await createCsvDraft(org.connection.id, "parts.csv", read.columns);
    await addCsvItems(org.connection.id, draft.id, read.groups.slice(0, 1));
    await addCsvItems(org.connection.id, draft.id, read.groups.slice(1));
    expect(await db().bulkDraft.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({
      transactionCount: 2,
      validCount: 0,
      validRowCount: 0,
    });
  });

  it("neutralises spreadsheet formulas in the error CSV", async () => {
    const id = await uploadCsv("transaction_id,amount,fund\n=HYPERLINK(1),1.00,General\n");
    const { csv } = await errorCsv(org.connection.id, id);
    expect(csv).toContain('"\'=HYPERLINK(1)"');
    // papaparse's own pattern misses a value with a line break in it.
    const multiline = await uploadCsv('transaction_id,amount,fund\n"=HYPERLINK(1)\nx",1.00,General\n');
    expect((await errorCsv(org.connection.id, multiline)).csv).toContain('"\'=HYPERLINK(1)\nx"');
  });

  it("sends only the valid transactions, through the pipeline, with a progress report", async () => {
    const id = await uploadCsv(CSV);
    const key = crypto.randomUUID();
    const { submissionId, created } = await submitDraft(
      org.connection,
      id,
      key,
      (await newNamesIn(org.connection.id, id)).digest,
    );
    expect(created).toBe(true);
    // A second click, even with another key, finds the same submission.
    expect(
      await submitDraft(org.connection, id, crypto.randomUUID(), (await newNamesIn(org.connection.id, id)).digest),
    ).toEqual({ submissionId, created: false });

    await tick({ submissionId: submissionId });
    expect(await settle(submissionId, 200)).toBe("complete");
    const splits = await activeServiceSplits(org.emulator);
    expect(splits.map((s) => [s.id, s.unit_amount_in_cents, s.fund]).sort()).toEqual([
      ["51001003:1", 10000, "General"],
      ["51001003:2", 2345, "Operations"],
      ["ext-1001-0001:1", 6000, "Scholarships"],
      ["ext-1001-0001:2", 4000, "General"],
    ]);
    const progress = await getProgress(org.connection.id, submissionId);
    expect(progress).toMatchObject({
      status: "complete",
      transactionCount: 2,
      rowCount: 4,
      batches: { total: 2, done: 2, failed: 0 },
      rows: { imported: 4, dropped: 0, pending: 0 },
    });
  });

  it("re-uses a transaction's split ids and removes the ones left over", async () => {
    const first = await uploadCsv(
      "transaction_id,amount,fund\next-1001-0001,50.00,A\next-1001-0001,30.00,B\next-1001-0001,20.00,C\n",
    );
    const one = await submitDraft(
      org.connection,
      first,
      crypto.randomUUID(),
      (await newNamesIn(org.connection.id, first)).digest,
    );
    await tick({ submissionId: one.submissionId });
    expect(await settle(one.submissionId, 200)).toBe("complete");

    const second = await uploadCsv("transaction_id,amount,fund\next-1001-0001,100.00,General\n");
    const valid = await getPreview(org.connection.id, second, { show: "valid", page: 1 });
    expect(valid.items[0]?.removedCount).toBe(2);
    const two = await submitDraft(
      org.connection,
      second,
      crypto.randomUUID(),
      (await newNamesIn(org.connection.id, second)).digest,
    );
    await tick({ submissionId: two.submissionId });
    expect(await settle(two.submissionId, 200)).toBe("complete");
    expect((await activeServiceSplits(org.emulator)).map((s) => [s.id, s.unit_amount_in_cents, s.fund])).toEqual([
      ["ext-1001-0001:1", 10000, "General"],
    ]);
  });

  it("refuses a transaction whose earlier submission is still in flight", async () => {
    const first = await uploadCsv("transaction_id,amount,fund\n51001002,25.00,General\n");
    await submitDraft(org.connection, first, crypto.randomUUID(), (await newNamesIn(org.connection.id, first)).digest); // stored, not sent yet
    const second = await uploadCsv("transaction_id,amount,fund\n51001002,25.00,Operations\n");
    const preview = await getPreview(org.connection.id, second, { show: "invalid", page: 1 });
    expect(preview.items[0]?.errors).toEqual([expect.stringContaining("still being sent")]);
    await expect(
      submitDraft(org.connection, second, crypto.randomUUID(), (await newNamesIn(org.connection.id, second)).digest),
    ).rejects.toThrow("No gift in this allocation can be sent.");
  });

  it("refuses a part naming a transaction already uploaded, and never mixes organizations", async () => {
    const read = await readCsv("transaction_id,amount,fund\n51001002,25.00,General\n");
    if (!read.ok) throw new Error(read.error);
    const draft = await createCsvDraft(org.connection.id, "a.csv", read.columns);
    await addCsvItems(org.connection.id, draft.id, read.groups);
    await expect(addCsvItems(org.connection.id, draft.id, read.groups)).rejects.toThrow("already uploaded");

    const harbor = await connectOrganization(org.emulator, "admin@harbor.example");
    await expect(getPreview(harbor.id, draft.id, { show: "invalid", page: 1 })).rejects.toThrow(AppError);
    await expect(addCsvItems(harbor.id, draft.id, read.groups)).rejects.toThrow("No such bulk allocation.");
  });
});

describe("sending safely", () => {
  it("refuses a draft prepared before another allocation changed its gift, and sends nothing", async () => {
    const early = await uploadCsv("transaction_id,amount,fund\next-1001-0001,60.00,A\next-1001-0001,40.00,B\n");
    const later = await uploadCsv(
      "transaction_id,amount,fund\next-1001-0001,50.00,A\next-1001-0001,30.00,B\next-1001-0001,20.00,C\n",
    );
    const sent = await submitDraft(
      org.connection,
      later,
      crypto.randomUUID(),
      (await newNamesIn(org.connection.id, later)).digest,
    );
    await tick({ submissionId: sent.submissionId });
    expect(await settle(sent.submissionId, 200)).toBe("complete");

    await expect(
      submitDraft(org.connection, early, crypto.randomUUID(), (await newNamesIn(org.connection.id, early)).digest),
    ).rejects.toThrow(
      /Gift 51001001 changed since this preview \(This gift's splits changed since it was prepared \(ext-1001-0001:3\)/,
    );
    expect(await db().bulkDraft.findUniqueOrThrow({ where: { id: early } })).toMatchObject({
      status: "ready",
      submitKey: null,
      submissionId: null,
    });
    expect(await db().submission.count()).toBe(1);
  });

  it("finishes a send cut short with the key it was claimed with, never a second one", async () => {
    const id = await uploadCsv("transaction_id,amount,fund\n51001002,25.00,General\n");
    const key = crypto.randomUUID();
    // The process stopped right after the claim.
    await db().bulkDraft.update({ where: { id }, data: { status: "submitted", submitKey: key } });
    const finished = await submitDraft(
      org.connection,
      id,
      crypto.randomUUID(),
      (await newNamesIn(org.connection.id, id)).digest,
    );
    const submission = await db().submission.findUniqueOrThrow({ where: { id: finished.submissionId } });
    expect(submission.idempotencyKey).toBe(key);
    expect(
      await submitDraft(org.connection, id, crypto.randomUUID(), (await newNamesIn(org.connection.id, id)).digest),
    ).toEqual({
      submissionId: finished.submissionId,
      created: false,
    });

    // Stopped after the submission was stored but before the draft learnt its id.
    const other = await uploadCsv("transaction_id,amount,fund\n51001003,123.45,General\n");
    const otherKey = crypto.randomUUID();
    await db().bulkDraft.update({ where: { id: other }, data: { status: "submitted", submitKey: otherKey } });
    const first = await submitDraft(
      org.connection,
      other,
      otherKey,
      (await newNamesIn(org.connection.id, other)).digest,
    );
    await db().bulkDraft.update({ where: { id: other }, data: { submissionId: null } });
    expect(
      await submitDraft(
        org.connection,
        other,
        crypto.randomUUID(),
        (await newNamesIn(org.connection.id, other)).digest,
      ),
    ).toEqual({
      submissionId: first.submissionId,
      created: false,
    });
    expect(await db().submission.count()).toBe(2);
  });

  it("serialises parts uploaded at once: one gift under two ids is refused in both", async () => {
    const read = await readCsv("transaction_id,amount,fund\next-1001-0002,25.00,A\n51001002,25.00,B\n");
    if (!read.ok) throw new Error(read.error);
    const draft = await createCsvDraft(org.connection.id, "parts.csv", read.columns);
    await Promise.all(read.groups.map((group) => addCsvItems(org.connection.id, draft.id, [group])));
    expect(await db().bulkDraft.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({
      transactionCount: 2,
      validCount: 0,
    });
    const positions = await db().bulkDraftItem.findMany({ where: { draftId: draft.id }, select: { position: true } });
    expect(positions.map((p) => p.position).sort()).toEqual([0, 1]);

    const same = await createCsvDraft(org.connection.id, "same.csv", read.columns);
    const results = await Promise.allSettled(
      [0, 1].map(() => addCsvItems(org.connection.id, same.id, read.groups.slice(0, 1))),
    );
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
  });

  it("refuses a part whose lines are grouped under another transaction", async () => {
    const read = await readCsv("transaction_id,amount,fund\n51001002,25.00,General\n");
    if (!read.ok) throw new Error(read.error);
    const draft = await createCsvDraft(org.connection.id, "a.csv", read.columns);
    await expect(
      addCsvItems(org.connection.id, draft.id, [{ transaction: "51001003", rows: read.groups[0]!.rows }]),
    ).rejects.toThrow("A line is grouped under another gift than its transaction_id.");
  });
});

describe("a rule applied to a filtered set", () => {
  const rule = ruleSchema.parse({
    lines: [
      { fund: "Scholarships", campaign: "Spring Appeal", percent: "60" },
      { fund: "General", percent: "40" },
    ],
    leftoverLine: 1,
  });

  it("allocates every matching transaction exactly, leftover cents to the named line", async () => {
    const filters = transactionFiltersSchema.parse({ after: "2026-01-01", before: "2026-01-03" });
    const draft = await createRuleDraft(org.connection.id, { label: "60/40", rule, filters });
    expect(draft).toMatchObject({ status: "ready", transactionCount: 3, validCount: 3 });
    const preview = await getPreview(org.connection.id, draft.id, { show: "valid", page: 1 });
    expect(preview.items.map((i) => [i.transactionId, i.rows.map((r) => `${r.amount} ${r.fund}`)])).toEqual([
      ["51001003", ["74.07 Scholarships", "49.38 General"]],
      ["51001002", ["15.00 Scholarships", "10.00 General"]],
      ["51001001", ["60.00 Scholarships", "40.00 General"]],
    ]);
    const { submissionId } = await submitDraft(
      org.connection,
      draft.id,
      crypto.randomUUID(),
      (await newNamesIn(org.connection.id, draft.id)).digest,
    );
    await tick({ submissionId: submissionId });
    expect(await settle(submissionId, 200)).toBe("complete");
    expect(await activeServiceSplits(org.emulator)).toHaveLength(6);
  });

  it("leaves out a share of 0 cents rather than sending an amount the service refuses", async () => {
    const filters = transactionFiltersSchema.parse({ search: "51001007" });
    const draft = await createRuleDraft(org.connection.id, { label: "60/40", rule, filters });
    const preview = await getPreview(org.connection.id, draft.id, { show: "valid", page: 1 });
    expect(preview.items[0]?.rows.map((r) => `${r.amount} ${r.fund}`)).toEqual(["0.01 General"]);
  });

  it("refuses a gift of $0.00 instead of sending an empty import", async () => {
    await db().knownTransaction.update({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId: "51001007" } },
      data: { amountCents: 0n },
    });
    const filters = transactionFiltersSchema.parse({ search: "51001007" });
    const draft = await createRuleDraft(org.connection.id, { label: "60/40", rule, filters });
    expect(draft).toMatchObject({ transactionCount: 1, validCount: 0 });
    const preview = await getPreview(org.connection.id, draft.id, { show: "invalid", page: 1 });
    expect(preview.items[0]?.errors).toEqual(["A gift of $0.00 has nothing to allocate."]);
  });

  it("says so when nothing matches", async () => {
    const filters = transactionFiltersSchema.parse({ search: "no such donor" });
    await expect(createRuleDraft(org.connection.id, { label: "x", rule, filters })).rejects.toThrow(
      "No gifts match these filters.",
    );
  });
});

describe("saved rules", () => {
  const rule = ruleSchema.parse({
    lines: [
      { fund: "A", percent: "33.33" },
      { fund: "B", percent: "66.67", campaign: "Spring" },
    ],
    leftoverLine: 0,
  });

  it("are saved per organization, edited, named uniquely and deleted", async () => {
    const saved = await createRule(org.connection.id, "Thirds", rule);
    expect(saved.lines).toEqual([
      { fund: "A", fundId: "", campaign: "", campaignId: "", percent: "33.33" },
      { fund: "B", fundId: "", campaign: "Spring", campaignId: "", percent: "66.67" },
    ]);
    await expect(createRule(org.connection.id, "Thirds", rule)).rejects.toThrow("A rule named “Thirds” already exists");
    const harbor = await connectOrganization(org.emulator, "admin@harbor.example");
    expect(await listRules(harbor.id)).toEqual([]);
    await expect(deleteRule(harbor.id, saved.id)).rejects.toThrow("No such rule.");

    await updateRule(org.connection.id, saved.id, "Thirds (spring)", { ...rule, leftoverLine: 1 });
    expect((await listRules(org.connection.id)).map((r) => [r.name, r.leftoverLine])).toEqual([["Thirds (spring)", 1]]);
    await deleteRule(org.connection.id, saved.id);
    expect(await listRules(org.connection.id)).toEqual([]);
  });
});
