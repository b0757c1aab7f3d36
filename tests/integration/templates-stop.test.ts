// Stop means stop: gifts queued to be sent by themselves, then their template deleted,
// its "Send automatically" turned off, or the organization's automatic sending paused; the
// worker's real loops run against the emulator and nothing reaches it. The pause is also read
// where the submission is stored, not only at the claim; and a template's campaign and fund ids
// must be ones the organization's copy knows, when saved and when sent.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { storedAllocation } from "@/lib/bulk/stored";
import { readStoredJson } from "@/lib/stored-json";
import { sendAutomaticOnce } from "@/lib/templates/auto-send";
import { setPaused } from "@/lib/templates/pause";
import { templateSchema, type TemplateInput } from "@/lib/templates/schema";
import { createTemplate, deleteTemplate, getTemplate, updateTemplate } from "@/lib/templates/store";
import { matchTemplatesAfterSync } from "@/lib/templates/after-sync";
import { syncTransactions } from "@/lib/transactions/sync";
import { startWorker } from "@/lib/worker/worker";
import { emulatorState, emulatorSwitch } from "../support/connected-org";
import { withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();
const CAMPAIGN = "Annual Appeal 2026";

function template(extra: Partial<TemplateInput> = {}) {
  return templateSchema.parse({
    name: "Appeal, sent by itself",
    appliesTo: { kind: "campaign", value: CAMPAIGN },
    lines: [
      { kind: "percent", figure: "30", fund: "Food Purchasing" },
      { kind: "remainder", fund: "General" },
    ],
    autoSend: true,
    ...extra,
  });
}

/** Gifts that appear at the service after the last sync, then synced: queued for the worker. */
async function queueGifts(count: number, prefix = "stop", cents: number[] = []): Promise<void> {
  for (let i = 0; i < count; i++) {
    const answer = await fetch(`${org.emulator.url}/__emulator/organizations/1001/transactions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        transaction_id: `${prefix}-${i + 1}`,
        external_id: null,
        amount_in_cents: cents[i] ?? 10_000 + i,
        transaction_time: new Date(Date.UTC(2026, 10, 2, 12, 0, i)).toISOString(),
        contact_name: `Donor ${i + 1}`,
      }),
    });
    expect(answer.status).toBe(201);
  }
  await syncTransactions(org.connection.id);
}

const items = () =>
  db().inboxItem.findMany({ where: { connectionId: org.connection.id }, orderBy: { transactionId: "asc" } });

async function importCalls(): Promise<number> {
  return (await emulatorState(org.emulator)).stats.apiCalls["POST /admin/oauth2/api/v1/imports"] ?? 0;
}

/** Runs the worker's loops until its templates loop has taken `turns` turns after it started. */
async function runWorker(turns = 5): Promise<void> {
  const worker = startWorker({ pollMs: 20, heartbeatMs: 20 });
  try {
    let seen = 0;
    let last: string | null = null;
    await vi.waitFor(
      async () => {
        const beat = await db().workerHeartbeat.findUnique({ where: { workerId: worker.id } });
        const turn = (beat?.loops as Record<string, string | null> | null)?.templates ?? null;
        if (turn && turn !== last) {
          seen++;
          last = turn;
        }
        expect(seen, "the templates loop's turns").toBeGreaterThanOrEqual(turns);
      },
      { timeout: 30_000, interval: 25 },
    );
  } finally {
    await worker.stop();
  }
}

// Every complete sync run proposes templates to its new gifts, as in the app (instrumentation.ts,
// every worker): the sync itself knows nothing of templates.
beforeAll(() => matchTemplatesAfterSync());

describe("stop means stop: gifts queued to send by themselves", () => {
  it("the audit's case: gifts of two templates queued, one deleted, the other switched off: 0 imports", async () => {
    const below = await createTemplate(
      org.connection.id,
      template({ name: "Small gifts", appliesTo: { kind: "below", value: "100.00" } }),
    );
    const above = await createTemplate(
      org.connection.id,
      template({ name: "Large gifts", appliesTo: { kind: "above", value: "100.00" } }),
    );
    await queueGifts(3, "audit", [5_000, 20_000, 30_000]);
    expect((await items()).map((i) => [i.transactionId, i.status, i.templateId])).toEqual([
      ["audit-1", "automatic", below.id],
      ["audit-2", "automatic", above.id],
      ["audit-3", "automatic", above.id],
    ]);
    const before = await importCalls();
    await deleteTemplate(org.connection.id, below.id);
    const { id, updatedAt, ...input } = await getTemplate(org.connection.id, above.id);
    void [id, updatedAt];
    await updateTemplate(org.connection.id, above.id, templateSchema.parse({ ...input, autoSend: false }));
    await runWorker();
    expect(await importCalls()).toBe(before);
    expect(await db().submission.count({ where: { connectionId: org.connection.id } })).toBe(0);
    expect((await items()).map((i) => i.status)).toEqual(["waiting", "waiting", "waiting"]);
  });

  it("a deleted template: its queued gifts never reach the service", async () => {
    const made = await createTemplate(org.connection.id, template());
    await queueGifts(3);
    expect((await items()).map((i) => i.status)).toEqual(["automatic", "automatic", "automatic"]);
    const before = await importCalls();
    await deleteTemplate(org.connection.id, made.id);
    await runWorker();
    expect(await importCalls()).toBe(before);
    expect(await db().submission.count({ where: { connectionId: org.connection.id } })).toBe(0);
    const after = await items();
    expect(after.map((i) => i.status)).toEqual(["waiting", "waiting", "waiting"]);
    expect(after[0]?.note).toMatch(/Its template was deleted before it was sent/);
  });

  it("“Send automatically” turned off: its queued gifts never reach the service", async () => {
    const made = await createTemplate(org.connection.id, template());
    await queueGifts(3);
    const before = await importCalls();
    const { id, updatedAt, ...input } = await getTemplate(org.connection.id, made.id);
    void [id, updatedAt];
    await updateTemplate(org.connection.id, made.id, templateSchema.parse({ ...input, autoSend: false }));
    await runWorker();
    expect(await importCalls()).toBe(before);
    expect((await items()).map((i) => i.status)).toEqual(["waiting", "waiting", "waiting"]);
    expect((await items())[0]?.note).toMatch(/“Send automatically” was turned off/);
  });

  it("paused: nothing is sent while paused; resumed, the queued gifts go in one submission", async () => {
    await createTemplate(org.connection.id, template());
    await queueGifts(3);
    const before = await importCalls();
    await setPaused(org.connection.id, true, "the admin signed in to Riverside");
    await runWorker();
    expect(await importCalls()).toBe(before);
    expect((await items()).map((i) => i.status)).toEqual(["automatic", "automatic", "automatic"]);

    await setPaused(org.connection.id, false, "");
    expect(await sendAutomaticOnce("worker-resumed")).toBe(true);
    expect((await items()).every((i) => i.status === "sent")).toBe(true);
  });

  it("a pause made while the worker holds the round (checking the service) stops it where it stores", async () => {
    await createTemplate(org.connection.id, template());
    await queueGifts(2);
    // The split check at the service takes a while: the admin pauses meanwhile.
    await emulatorSwitch(org.emulator, "faults", { latency_ms: 800 });
    const round = sendAutomaticOnce("worker-slow");
    await expect
      .poll(async () => (await items()).every((i) => i.status === "sending"), { timeout: 30_000, interval: 25 })
      .toBe(true);
    await setPaused(org.connection.id, true, "the admin signed in to Riverside");
    expect(await round).toBe(true);
    await emulatorSwitch(org.emulator, "faults", { latency_ms: 0 });
    expect(await db().submission.count({ where: { connectionId: org.connection.id } })).toBe(0);
    // Held back, still queued for when the admin resumes.
    expect((await items()).map((i) => [i.status, i.sendKey])).toEqual([
      ["automatic", null],
      ["automatic", null],
    ]);
  });

  it("a template switched off while the worker stores waits for it, and nothing is stored", async () => {
    const made = await createTemplate(org.connection.id, template());
    await queueGifts(1);
    await emulatorSwitch(org.emulator, "faults", { latency_ms: 600 });
    const round = sendAutomaticOnce("worker-racing");
    await expect
      .poll(async () => (await items()).every((i) => i.status === "sending"), { timeout: 30_000, interval: 25 })
      .toBe(true);
    // The switch is turned off in a transaction still open when the worker stores.
    await db().$transaction(async (tx) => {
      await tx.allocationTemplate.update({ where: { id: made.id }, data: { autoSend: false } });
      await new Promise((r) => setTimeout(r, 1_200));
    });
    await round;
    await emulatorSwitch(org.emulator, "faults", { latency_ms: 0 });
    expect(await db().submission.count({ where: { connectionId: org.connection.id } })).toBe(0);
    expect((await items()).map((i) => i.status)).toEqual(["waiting"]);
  });

  it("who paused it and when are kept; a second pause keeps the first; resuming clears them", async () => {
    await setPaused(org.connection.id, true, "the admin signed in to Riverside");
    const first = await db().connection.findUniqueOrThrow({ where: { id: org.connection.id } });
    expect(first.autoSendPausedBy).toBe("the admin signed in to Riverside");
    expect(Math.abs((first.autoSendPausedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    await setPaused(org.connection.id, true, "someone else");
    const second = await db().connection.findUniqueOrThrow({ where: { id: org.connection.id } });
    expect(second.autoSendPausedBy).toBe("the admin signed in to Riverside");
    await setPaused(org.connection.id, false, "");
    const resumed = await db().connection.findUniqueOrThrow({ where: { id: org.connection.id } });
    expect([resumed.autoSendPausedAt, resumed.autoSendPausedBy]).toEqual([null, null]);
  });
});

describe("a template's campaign and fund ids", () => {
  it("another organization's ids are refused when saving, naming the line and field", async () => {
    const refusal = await createTemplate(
      org.connection.id,
      template({
        lines: [
          { kind: "percent", figure: "30", fund: "Food Purchasing", fundId: "harbor-fund-9" },
          { kind: "remainder", fund: "General", campaign: CAMPAIGN, campaignId: "harbor-campaign-1" },
        ],
      }),
    ).catch((e: unknown) => e);
    expect(refusal).toMatchObject({
      issues: [
        {
          path: ["lines", 0, "fundId"],
          message: expect.stringMatching(/^Line 1, fund id: “harbor-fund-9” is not one/),
        },
        { path: ["lines", 1, "campaignId"], message: expect.stringMatching(/^Line 2, campaign id/) },
      ],
    });
    expect(await db().allocationTemplate.count()).toBe(0);
  });

  it("ids the organization's copy knows are kept; no id with a name is kept too", async () => {
    const gift = await db().knownTransaction.findFirstOrThrow({
      where: { connectionId: org.connection.id, campaignId: { not: null } },
    });
    const made = await createTemplate(
      org.connection.id,
      template({
        lines: [
          { kind: "percent", figure: "30", fund: "Food Purchasing" },
          { kind: "remainder", fund: "General", campaign: gift.campaign ?? "", campaignId: gift.campaignId ?? "" },
        ],
      }),
    );
    expect(made.lines[1]?.campaignId).toBe(gift.campaignId);
  });

  it("a proposal carrying an id the copy does not know is not sent by itself: back to the admin", async () => {
    await createTemplate(org.connection.id, template());
    await queueGifts(2);
    const [first] = await items();
    const allocation = readStoredJson(storedAllocation, first?.allocation, "InboxItem.allocation");
    const rows = allocation.rows.map((r, i) => (i === 0 ? { ...r, fundId: "harbor-fund-9" } : r));
    await db().inboxItem.update({ where: { id: first?.id ?? "" }, data: { allocation: { ...allocation, rows } } });
    const before = await importCalls();
    expect(await sendAutomaticOnce("worker-ids")).toBe(true);
    const after = await items();
    expect(after[0]).toMatchObject({ status: "waiting" });
    expect(after[0]?.note).toMatch(/fund id: “harbor-fund-9” is not one this organization uses/);
    expect(after[1]).toMatchObject({ status: "sent", sentAutomatically: true });
    // Only the other gift's submission was stored; its import is the worker's next step.
    expect(await db().submissionRow.count({ where: { fundId: "harbor-fund-9" } })).toBe(0);
    expect(await importCalls()).toBe(before);
  });
});
