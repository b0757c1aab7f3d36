// "Approve all" sends every waiting item, far more than the inbox's page of 100 shows: the new
// campaign and fund names it would create are read by the server from the whole selection, and
// each must be confirmed by name (a boolean "yes" once covered names the admin never saw).
import { beforeAll, describe, expect, it } from "vitest";
import { storedAllocation } from "@/lib/bulk/stored";
import { db } from "@/lib/db";
import { readStoredJson } from "@/lib/stored-json";
import { approveItems, listInbox } from "@/lib/templates/inbox";
import { selectionSummary } from "@/lib/templates/inbox-names";
import { templateSchema } from "@/lib/templates/schema";
import { createTemplate } from "@/lib/templates/store";
import { matchTemplatesAfterSync } from "@/lib/templates/after-sync";
import { syncTransactions } from "@/lib/transactions/sync";
import { withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();
const GIFTS = 103;

async function newGifts(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const answer = await fetch(`${org.emulator.url}/__emulator/organizations/1001/transactions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        transaction_id: `names-${String(i + 1).padStart(3, "0")}`,
        external_id: null,
        amount_in_cents: 10_000 + i,
        transaction_time: new Date(Date.UTC(2026, 10, 1, 12, 0, i)).toISOString(),
        contact_name: `Donor ${i + 1}`,
      }),
    });
    expect(answer.status).toBe(201);
  }
}

/** Gives the items' first line another fund and their last line another campaign. */
async function rename(ids: readonly string[], fund: string, campaign: string) {
  for (const item of await db().inboxItem.findMany({ where: { id: { in: [...ids] } } })) {
    const allocation = readStoredJson(storedAllocation, item.allocation, "InboxItem.allocation");
    const last = allocation.rows.length - 1;
    const rows = allocation.rows.map((r, i) => ({
      ...r,
      ...(i === 0 ? { fund } : {}),
      ...(i === last ? { campaign, campaignId: undefined } : {}),
    }));
    await db().inboxItem.update({ where: { id: item.id }, data: { allocation: { ...allocation, rows } } });
  }
}

// Every complete sync run proposes templates to its new gifts, as in the app (instrumentation.ts,
// every worker): the sync itself knows nothing of templates.
beforeAll(() => matchTemplatesAfterSync());

describe("approving the whole inbox with new names", () => {
  it("names past the first page are found, and each must be confirmed by name", async () => {
    await createTemplate(
      org.connection.id,
      templateSchema.parse({
        name: "Appeal split",
        appliesTo: { kind: "campaign", value: "Annual Appeal 2026" },
        lines: [
          { kind: "percent", figure: "30", fund: "Food Purchasing" },
          { kind: "remainder", fund: "General" },
        ],
      }),
    );
    await newGifts(GIFTS);
    await syncTransactions(org.connection.id);

    const page = await listInbox(org.connection.id, "waiting");
    expect(page.waiting).toBe(GIFTS);
    expect(page.items).toHaveLength(100);
    const shown = new Set(page.items.map((i) => i.id));
    const all = await db().inboxItem.findMany({ where: { connectionId: org.connection.id }, select: { id: true } });
    const unseen = all.map((i) => i.id).filter((id) => !shown.has(id));
    expect(unseen).toHaveLength(GIFTS - 100);
    // Only gifts the page does not show name the new fund and campaign.
    await rename(unseen, "Brand New Fund", "Brand New Campaign");

    const summary = await selectionSummary(org.connection.id, "all");
    expect(summary.gifts).toBe(GIFTS);
    expect(summary.totalCents).toBe(Array.from({ length: GIFTS }, (_, i) => 10_000 + i).reduce((a, b) => a + b));
    expect(summary.newNames).toEqual([
      { kind: "campaign", name: "Brand New Campaign", gifts: GIFTS - 100 },
      { kind: "fund", name: "Brand New Fund", gifts: GIFTS - 100 },
    ]);
    // A selection of the page alone creates nothing new.
    expect((await selectionSummary(org.connection.id, [...shown])).newNames).toEqual([]);

    const approve = (confirmedNewNames: { kind: "campaign" | "fund"; name: string }[]) =>
      approveItems(org.connection, { idempotencyKey: crypto.randomUUID(), items: "all", confirmedNewNames });
    await expect(approve([])).rejects.toThrow(/fund “Brand New Fund”, campaign “Brand New Campaign”/);
    // One name confirmed is not the other.
    await expect(approve([{ kind: "fund", name: "Brand New Fund" }])).rejects.toThrow(
      /Sending would create campaign “Brand New Campaign” at the service/,
    );
    expect(await db().submission.count({ where: { connectionId: org.connection.id } })).toBe(0);

    const { submissionId } = await approve([
      { kind: "fund", name: "Brand New Fund" },
      { kind: "campaign", name: "Brand New Campaign" },
    ]);
    const submission = await db().submission.findUniqueOrThrow({ where: { id: submissionId } });
    expect(submission.transactionCount).toBe(GIFTS);
    expect(await db().inboxItem.count({ where: { connectionId: org.connection.id, status: "sent" } })).toBe(GIFTS);
  });
});
