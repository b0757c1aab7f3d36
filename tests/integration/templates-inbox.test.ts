// Templates meet new gifts: a sync that brings gifts a template applies to fills the
// "To allocate" inbox with exact cents; approving sends one submission that read-back verifies;
// "Send automatically" is sent by the worker with no request; a gift split at the service
// meanwhile is left alone; two templates on one gift ask the admin.
import { beforeAll, describe, expect, it } from "vitest";
import { withServiceAccess } from "@/lib/connections/service-access";
import { db } from "@/lib/db";
import { createImport } from "@/lib/service/imports";
import { importBody } from "@/lib/service/import-rows";
import { storedAllocation } from "@/lib/bulk/stored";
import { readStoredJson } from "@/lib/stored-json";
import { createSubmission } from "@/lib/submissions/create";
import { releaseAutomaticClaims, sendAutomaticOnce } from "@/lib/templates/auto-send";
import { approveItems, chooseTemplate, listInbox, skipItems } from "@/lib/templates/inbox";
import { selectionSummary } from "@/lib/templates/inbox-names";
import { templateSchema, type TemplateInput } from "@/lib/templates/schema";
import { createTemplate, deleteTemplate, getTemplate } from "@/lib/templates/store";
import { matchTemplatesAfterSync } from "@/lib/templates/after-sync";
import { syncTransactions } from "@/lib/transactions/sync";
import { startWorker } from "@/lib/worker/worker";
import { connectOrganization } from "../support/connected-org";
import { activeServiceSplits, addServiceGift, verdict, withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();

/** The campaign the emulator gives gifts that arrive later (its first gift's). */
const CAMPAIGN = "Annual Appeal 2026";

/** 30% Food Purchasing, $1.00 to Operations, the rest to General. */
function template(extra: Partial<TemplateInput> = {}) {
  return templateSchema.parse({
    name: "Annual appeal split",
    appliesTo: { kind: "campaign", value: CAMPAIGN },
    lines: [
      { kind: "percent", figure: "30", fund: "Food Purchasing" },
      { kind: "fixed", figure: "1.00", fund: "Operations" },
      { kind: "remainder", fund: "General" },
    ],
    ...extra,
  });
}

/** Gifts that appear at the service after the last sync; their ids. */
async function newGifts(count: number, firstCents = 10_001): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `tmpl-${i + 1}`;
    await addServiceGift(org.emulator, {
      id,
      cents: firstCents + i * 7,
      time: new Date(Date.UTC(2026, 10, 1, 12, 0, i)),
      contact: `Donor ${i + 1}`,
    });
    ids.push(id);
  }
  return ids;
}

const items = () =>
  db().inboxItem.findMany({ where: { connectionId: org.connection.id }, orderBy: { transactionId: "asc" } });

// Every complete sync run proposes templates to its new gifts, as in the app (instrumentation.ts,
// every worker): the sync itself knows nothing of templates.
beforeAll(() => matchTemplatesAfterSync());

describe("templates and the To allocate inbox", () => {
  it("a sync bringing 30 new gifts of the campaign fills the inbox with exact cents; approving all is one submission, Verified", async () => {
    await createTemplate(org.connection.id, template());
    const ids = await newGifts(30);
    await syncTransactions(org.connection.id);

    const inbox = await listInbox(org.connection.id, "waiting");
    expect(inbox.waiting).toBe(30);
    // Only the new gifts: the campaign's gifts copied before the template are history.
    expect(new Set(inbox.items.map((i) => i.transactionId))).toEqual(new Set(ids));
    for (const item of inbox.items) {
      const total = item.gift?.amountCents ?? 0;
      const thirty = Math.floor((total * 30) / 100);
      expect(item.template?.name).toBe("Annual appeal split");
      expect(item.gift?.campaign).toBe(CAMPAIGN);
      // A line naming no campaign keeps the gift's own, as in the editor and a bulk rule.
      const line = { campaign: CAMPAIGN, parentCampaign: null };
      expect(item.lines).toEqual([
        { ...line, fund: "Food Purchasing", cents: thirty },
        { ...line, fund: "Operations", cents: 100 },
        { ...line, fund: "General", cents: total - thirty - 100 },
      ]);
    }
    // A second sync proposes nothing again.
    await syncTransactions(org.connection.id);
    expect(await db().inboxItem.count({ where: { connectionId: org.connection.id } })).toBe(30);

    const { submissionId } = await approveItems(org.connection, {
      idempotencyKey: crypto.randomUUID(),
      items: "all",
    });
    const submission = await verdict(submissionId);
    expect(submission.transactionCount).toBe(30);
    expect(submission.verification).toBe("verified");
    expect((await items()).every((i) => i.status === "sent" && i.submissionId === submissionId)).toBe(true);
    const held = (await activeServiceSplits(org.emulator)).filter((s) => ids.includes(s.transaction_id));
    expect(held).toHaveLength(90);
  });

  it("Send automatically: the worker sends and reads back with no request; a gift split at the service meanwhile is left alone", async () => {
    await createTemplate(org.connection.id, template({ autoSend: true }));
    const ids = await newGifts(5);
    await syncTransactions(org.connection.id);
    expect((await items()).map((i) => i.status)).toEqual(Array(5).fill("automatic"));

    // Another integration splits tmpl-3 before the worker gets to it.
    await withServiceAccess(org.connection.id, (token, target) =>
      createImport(
        target,
        token,
        importBody("transaction_id", [
          {
            id: "other-app-1",
            transaction_id: "tmpl-3",
            unit_amount_in_cents: 10_015,
            quantity: 1,
            fund: "Youth Nutrition",
          },
        ]),
      ),
    );
    await expect
      .poll(async () => (await activeServiceSplits(org.emulator)).some((s) => s.id === "other-app-1"), {
        timeout: 30_000,
      })
      .toBe(true);

    const worker = startWorker({ pollMs: 20 });
    try {
      await expect
        .poll(
          async () => {
            const sent = (await items()).find((i) => i.submissionId);
            if (!sent?.submissionId) return null;
            return (await db().submission.findUniqueOrThrow({ where: { id: sent.submissionId } })).verification;
          },
          { timeout: 30_000 },
        )
        .toBe("verified");
    } finally {
      await worker.stop();
    }
    const after = await items();
    expect(after.find((i) => i.transactionId === "tmpl-3")).toMatchObject({ status: "left_alone" });
    const sent = after.filter((i) => i.transactionId !== "tmpl-3");
    expect(sent.every((i) => i.status === "sent" && i.sentAutomatically)).toBe(true);
    // The inbox shows what was sent by itself, and that the service was checked to hold it.
    const done = await listInbox(org.connection.id, "done");
    const shown = done.items.find((i) => i.transactionId === "tmpl-1");
    expect(shown).toMatchObject({ sentAutomatically: true, submission: { verification: "verified" } });
    // The other integration's split is untouched; the other four hold the template's lines.
    const held = await activeServiceSplits(org.emulator);
    expect(held.filter((s) => s.transaction_id === "tmpl-3").map((s) => s.id)).toEqual(["other-app-1"]);
    expect(held.filter((s) => ids.includes(s.transaction_id) && s.transaction_id !== "tmpl-3")).toHaveLength(12);
  });

  it("a round a stopped worker still held is handed over at once with its key: one submission, never two", async () => {
    await createTemplate(org.connection.id, template({ autoSend: true }));
    await newGifts(2);
    await syncTransactions(org.connection.id);
    // A worker claimed the round and stored its submission, then its deadline passed.
    const key = crypto.randomUUID();
    await db().inboxItem.updateMany({
      where: { connectionId: org.connection.id, status: "automatic" },
      data: { status: "sending", sendKey: key, decidedAt: new Date() },
    });
    const claimed = await items();
    const { submissionId } = await createSubmission(org.connection, {
      idempotencyKey: key,
      allocations: claimed.map((i) => readStoredJson(storedAllocation, i.allocation, "InboxItem.allocation")),
      confirmedNewNames: [],
    });
    // Held, the round is nobody else's until its claim goes stale.
    expect(await sendAutomaticOnce("worker-next")).toBe(false);
    expect(await releaseAutomaticClaims(new Set([key]))).toBe(2);
    expect(await sendAutomaticOnce("worker-next")).toBe(true);
    expect((await items()).map((i) => [i.status, i.submissionId, i.sendKey])).toEqual([
      ["sent", submissionId, key],
      ["sent", submissionId, key],
    ]);
    expect(await db().submission.count({ where: { connectionId: org.connection.id } })).toBe(1);
  });

  it("never sends automatically a template naming a fund the service does not have yet", async () => {
    await createTemplate(
      org.connection.id,
      template({
        autoSend: true,
        lines: [
          { kind: "percent", figure: "50", fund: "Scholarships" },
          { kind: "remainder", fund: "General" },
        ],
      }),
    );
    await newGifts(2);
    await syncTransactions(org.connection.id);
    const waiting = await items();
    expect(waiting.map((i) => i.status)).toEqual(["waiting", "waiting"]);
    expect(waiting[0]?.note).toMatch(/fund “Scholarships”, which the service does not have yet/);
    // Approving asks for the new name to be confirmed.
    await expect(approveItems(org.connection, { idempotencyKey: crypto.randomUUID(), items: "all" })).rejects.toThrow(
      /Sending would create fund “[^”]*” at the service/,
    );
  });

  it("a name the service lacks by the time the worker sends: the items go back to the admin, nothing sent", async () => {
    await createTemplate(org.connection.id, template({ autoSend: true }));
    await newGifts(2);
    await syncTransactions(org.connection.id);
    // The proposal named known funds; say one line now names a fund nobody has used.
    for (const item of await items()) {
      const allocation = readStoredJson(storedAllocation, item.allocation, "InboxItem.allocation");
      const rows = allocation.rows.map((r, i) => (i === 0 ? { ...r, fund: "Brand New Fund" } : r));
      await db().inboxItem.update({ where: { id: item.id }, data: { allocation: { ...allocation, rows } } });
    }
    expect(await sendAutomaticOnce("worker-1")).toBe(true);
    const back = await items();
    expect(back.map((i) => i.status)).toEqual(["waiting", "waiting"]);
    expect(back[0]?.note).toMatch(/fund “Brand New Fund”, which the service does not have yet/);
    expect(await db().submission.count({ where: { connectionId: org.connection.id } })).toBe(0);
    // The admin confirms it by name: sent.
    const { submissionId } = await approveItems(org.connection, {
      idempotencyKey: crypto.randomUUID(),
      items: "all",
      confirmedNewNames: [{ kind: "fund", name: "Brand New Fund" }],
    });
    expect((await verdict(submissionId)).transactionCount).toBe(2);
  });

  it("a gift two templates match asks the admin, and the chosen template makes its proposal", async () => {
    const first = await createTemplate(org.connection.id, template({ autoSend: true }));
    await createTemplate(
      org.connection.id,
      template({ name: "Large gifts", appliesTo: { kind: "above", value: "50.00" }, autoSend: true }),
    );
    await newGifts(1, 10_000);
    await syncTransactions(org.connection.id);
    const [item] = await items();
    expect(item).toMatchObject({ status: "choose", allocation: null });
    expect(new Set(item?.templateIds)).toHaveLength(2);
    // No proposal is SQL NULL, not a JSON null: approving finds nothing ready to send.
    await expect(approveItems(org.connection, { idempotencyKey: crypto.randomUUID(), items: "all" })).rejects.toThrow(
      "No gift in the inbox is ready to send.",
    );

    await chooseTemplate(org.connection.id, item?.id ?? "", first.id);
    const [chosen] = (await listInbox(org.connection.id, "waiting")).items;
    expect(chosen).toMatchObject({ status: "waiting", template: { id: first.id } });
    expect(chosen?.lines.map((l) => l.cents)).toEqual([3_000, 100, 6_900]);
  });

  it("another organization's template and inbox item are not found", async () => {
    const mine = await createTemplate(org.connection.id, template());
    await newGifts(1);
    await syncTransactions(org.connection.id);
    const [item] = await items();
    const harbor = await connectOrganization(org.emulator, "admin@harbor.example");
    const notFound = expect.objectContaining({ code: "not_found" });
    await expect(getTemplate(harbor.id, mine.id)).rejects.toEqual(notFound);
    await expect(deleteTemplate(harbor.id, mine.id)).rejects.toEqual(notFound);
    await expect(chooseTemplate(harbor.id, item?.id ?? "", mine.id)).rejects.toEqual(notFound);
    await expect(
      approveItems(harbor, { idempotencyKey: crypto.randomUUID(), items: [item?.id ?? ""] }),
    ).rejects.toEqual(notFound);
    await expect(skipItems(harbor.id, [item?.id ?? ""])).rejects.toEqual(notFound);
    await expect(selectionSummary(harbor.id, [item?.id ?? ""])).rejects.toEqual(notFound);
    expect((await listInbox(harbor.id, "waiting")).items).toEqual([]);
    expect((await items())[0]?.status).toBe("waiting");
  });

  // Skip once took its own item out of a list holding another organization's and
  // answered 200, where approve and selection answered 404 for the same list.
  it("a list mixing this organization's items with another's is not found by skip, approve and selection alike, and nothing changes", async () => {
    await createTemplate(org.connection.id, template());
    await newGifts(2);
    await syncTransactions(org.connection.id);
    const [mine, second] = await items();
    const harbor = await connectOrganization(org.emulator, "admin@harbor.example");
    const [theirs] = await db().inboxItem.createManyAndReturn({
      data: [{ connectionId: harbor.id, transactionId: "harbor-1", status: "waiting", templateId: null }],
    });
    const notFound = expect.objectContaining({ code: "not_found" });
    const lists = [
      [mine!.id, theirs!.id],
      // An id of no item at all, and an item of this organization no longer waiting.
      [mine!.id, crypto.randomUUID()],
    ];
    await skipItems(org.connection.id, [second!.id]);
    lists.push([mine!.id, second!.id]);
    for (const list of lists) {
      await expect(skipItems(org.connection.id, list)).rejects.toEqual(notFound);
      await expect(approveItems(org.connection, { idempotencyKey: crypto.randomUUID(), items: list })).rejects.toEqual(
        notFound,
      );
      await expect(selectionSummary(org.connection.id, list)).rejects.toEqual(notFound);
    }
    expect((await items()).map((i) => [i.id, i.status])).toEqual([
      [mine!.id, "waiting"],
      [second!.id, "skipped"],
    ]);
    expect((await db().inboxItem.findUnique({ where: { id: theirs!.id } }))?.status).toBe("waiting");
    expect(await db().submission.count()).toBe(0);
    // The same id twice is still one item.
    expect(await skipItems(org.connection.id, [mine!.id, mine!.id])).toEqual({ skipped: 1 });
  });
});
