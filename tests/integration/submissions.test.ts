// The submission pipeline against real PostgreSQL and the emulator over HTTP.
import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/app-error";
import { readConnectionHistory } from "@/lib/connections/read";
import { db } from "@/lib/db";
import { tick } from "@/lib/outbox/tick";
import { getProgress } from "@/lib/submissions/progress";
import { getSubmission } from "@/lib/submissions/read";
import { retrySubmission } from "@/lib/submissions/retry";
import { stateSentence } from "@/lib/submissions/submission-state";
import { createSubmission } from "@/lib/submissions/create";
import { refuseIfSuperseded, supersededGifts } from "@/lib/submissions/superseded";
import { splitEvenly } from "@/lib/splits/allocate";
import { centsToInput } from "@/lib/splits/money";
import { type SubmissionRequest, submissionRequestSchema } from "@/lib/splits/schema";
import { splitSelect } from "@/lib/splits/split";
import { confirming, splitRowInput } from "../support/split-input";
import { connectOrganization, emulatorSwitch } from "../support/connected-org";
import { activeServiceSplits, settle, withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();

async function known(transactionId: string) {
  return db().knownTransaction.findUniqueOrThrow({
    where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId } },
  });
}

/** A request splitting each transaction evenly into `parts` rows with fresh split ids. */
async function evenRequest(
  transactionIds: string[],
  parts: number,
  key = crypto.randomUUID(),
): Promise<SubmissionRequest> {
  const allocations = [];
  for (const id of transactionIds) {
    const t = await known(id);
    const ref = t.externalId ?? t.transactionId;
    allocations.push({
      transactionId: id,
      totalCents: Number(t.amountCents),
      currency: t.currency,
      removedSplitIds: [],
      rows: splitEvenly(Number(t.amountCents), parts).map((cents, i) =>
        splitRowInput(
          `${ref}:${i + 1}`,
          centsToInput(cents),
          i === 0 ? { campaign: "Spring Appeal", parentCampaign: "Annual Fund" } : {},
        ),
      ),
    });
  }
  return submissionRequestSchema.parse({
    idempotencyKey: key,
    allocations,
    confirmedNewNames: confirming({ campaign: "Spring Appeal", parentCampaign: "Annual Fund" }),
  });
}

/** The sentence a Failed submission reads as, once its cause is the same on each screen that
 *  shows it: History's detail, the bulk progress and the settings card. */
async function failedSentence(submissionId: string): Promise<string> {
  const detail = await getSubmission(org.connection.id, submissionId);
  const progress = await getProgress(org.connection.id, submissionId);
  const card = (await readConnectionHistory(org.connection.id)).submissions.find((s) => s.id === submissionId);
  expect(progress?.failure).toBe(detail?.failure);
  expect(card?.failure).toBe(detail?.failure);
  return stateSentence("failed", detail!.failure);
}

async function serviceImports() {
  const answer = await fetch(`${org.emulator.url}/__emulator/organizations/1001/imports`);
  return ((await answer.json()) as { imports: { id: number; rows_total: number }[] }).imports;
}

async function serviceSplits(transactionId: string) {
  return (await activeServiceSplits(org.emulator)).filter((s) => s.transaction_id === transactionId);
}

const EXTERNAL = "51001001"; // ext-1001-0001, $100.00
const SERVICE_CREATED = "51001003"; // no external id, $123.45

describe("submitting splits", () => {
  it("imports a split by external id and one by transaction_id, and remembers the allocation", async () => {
    const { submissionId } = await createSubmission(org.connection, await evenRequest([EXTERNAL, SERVICE_CREATED], 3));
    await tick({ submissionId: submissionId });
    expect(await settle(submissionId, 100)).toBe("complete");

    const batches = await db().submissionBatch.findMany({ where: { submissionId }, orderBy: { index: "asc" } });
    expect(batches.map((c) => c.matchBy)).toEqual(["id", "transaction_id"]);
    expect(await serviceSplits(EXTERNAL)).toHaveLength(3);
    expect(await serviceSplits(SERVICE_CREATED)).toHaveLength(3);
    const remembered = await db().knownSplit.findMany({
      where: { connectionId: org.connection.id, transactionId: SERVICE_CREATED },
    });
    expect(remembered.map((s) => s.splitId).sort()).toEqual(["51001003:1", "51001003:2", "51001003:3"]);

    // Every field of the split, as the row stored it from the typed rows and as the copy recorded it.
    const order = { splitId: "asc" } as const;
    const sent = await db().submissionRow.findMany({ where: { submissionId }, select: splitSelect, orderBy: order });
    const known = await db().knownSplit.findMany({
      where: { connectionId: org.connection.id, transactionId: { in: [EXTERNAL, SERVICE_CREATED] } },
      select: splitSelect,
      orderBy: order,
    });
    expect(known).toEqual(sent);
    expect(sent.find((r) => r.splitId === "51001003:1")).toEqual({
      splitId: "51001003:1",
      unitAmountCents: 4115n,
      quantity: 1,
      campaign: "Spring Appeal",
      campaignId: null,
      parentCampaign: "Annual Fund",
      parentCampaignId: null,
      fund: "General",
      fundId: null,
    });
  });

  it("a double submission creates one submission and one import", async () => {
    const request = await evenRequest([EXTERNAL], 2);
    const [a, b] = await Promise.all([
      createSubmission(org.connection, request),
      createSubmission(org.connection, request),
    ]);
    expect(a.submissionId).toBe(b.submissionId);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    await Promise.all([tick({ submissionId: a.submissionId }), tick({ submissionId: a.submissionId })]);
    expect(await settle(a.submissionId, 100)).toBe("complete");
    expect(await db().submission.count()).toBe(1);
    expect(await serviceImports()).toHaveLength(1);
  });

  it("refuses a key reused for different splits", async () => {
    const key = crypto.randomUUID();
    await createSubmission(org.connection, await evenRequest([EXTERNAL], 2, key));
    await expect(createSubmission(org.connection, await evenRequest([EXTERNAL], 4, key))).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("a retry after an injected 500 creates no duplicate", async () => {
    await emulatorSwitch(org.emulator, "faults", {
      fail: { status: 500, count: 1, path_prefix: "/admin/oauth2/api/v1/imports" },
    });
    const { submissionId } = await createSubmission(org.connection, await evenRequest([EXTERNAL], 2));
    await tick({ submissionId: submissionId });
    expect(await settle(submissionId, 100)).toBe("complete");
    expect(await serviceImports()).toHaveLength(1);
    expect(await serviceSplits(EXTERNAL)).toHaveLength(2);
    expect((await db().submissionBatch.findFirstOrThrow({ where: { submissionId } })).attempts).toBe(2);
  });

  it("a stored body that does not parse fails its batch with the reason and never reaches the service", async () => {
    const { submissionId } = await createSubmission(org.connection, await evenRequest([EXTERNAL, SERVICE_CREATED], 2));
    const [first] = await db().submissionBatch.findMany({ where: { submissionId }, orderBy: { index: "asc" } });
    await db()
      .$executeRaw`UPDATE "SubmissionBatch" SET body = jsonb_set(body, '{data,0,unit_amount_in_cents}', '"50.00"') WHERE id = ${first!.id}::uuid`;
    expect(await settle(submissionId, 100)).toBe("needs_attention");
    const failed = await db().submissionBatch.findUniqueOrThrow({ where: { id: first!.id } });
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toMatch(
      /^Stored SubmissionBatch\.body does not have the expected shape \(data\.0\.unit_amount_in_cents/,
    );
    expect(await failedSentence(submissionId)).toBe(
      "Failed: the service refused the splits, or Apportion could not send them. Open it to see why and retry.",
    );
    // The other batch went out; the broken one never did.
    expect(await serviceImports()).toHaveLength(1);
    expect(await serviceSplits(EXTERNAL)).toHaveLength(0);
    expect(await serviceSplits(SERVICE_CREATED)).toHaveLength(2);
  });

  it("a lost answer (the service took the import, then answered 500) is retried without duplicate splits", async () => {
    await emulatorSwitch(org.emulator, "faults", {
      fail: { status: 500, count: 1, when: "after", path_prefix: "/admin/oauth2/api/v1/imports" },
    });
    const { submissionId } = await createSubmission(org.connection, await evenRequest([EXTERNAL], 2));
    await tick({ submissionId: submissionId });
    expect(await settle(submissionId, 100)).toBe("complete");
    // The service saw the same rows twice; their stable ids made the second an update.
    expect(await serviceImports()).toHaveLength(2);
    expect(await serviceSplits(EXTERNAL)).toHaveLength(2);
  });

  it("batches more than 100 rows without splitting a transaction", async () => {
    const { submissionId } = await createSubmission(org.connection, await evenRequest([EXTERNAL, "51001002"], 60));
    const batches = await db().submissionBatch.findMany({
      where: { submissionId },
      include: { _count: { select: { rows: true } } },
    });
    expect(batches.map((c) => c._count.rows)).toEqual([60, 60]);
    await tick({ submissionId: submissionId });
    expect(await settle(submissionId, 100)).toBe("complete");
    expect(await serviceSplits(EXTERNAL)).toHaveLength(60);
  });
});

describe("what the service drops", () => {
  it("records an overlapping id and the sum failure it causes against their splits", async () => {
    // Another integration created a transaction whose external id equals a split id the app
    // is about to use; the app's copy has not seen it yet.
    const response = await fetch(`${org.emulator.url}/__emulator/organizations/1001/transactions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        transaction_id: "59990001",
        external_id: "ext-1001-0001:1",
        amount_in_cents: 500,
        transaction_time: "2026-02-01T00:00:00Z",
        contact_name: "New Donor",
      }),
    });
    expect(response.status).toBe(201);

    const { submissionId } = await createSubmission(org.connection, await evenRequest([EXTERNAL], 2));
    await tick({ submissionId: submissionId });
    expect(await settle(submissionId, 100)).toBe("complete_with_drops");
    const rows = await db().submissionRow.findMany({ where: { submissionId }, orderBy: { rowIndex: "asc" } });
    expect(rows.map((r) => [r.splitId, r.outcome, r.dropCode])).toEqual([
      ["ext-1001-0001:1", "dropped", "overlapping_id"],
      ["ext-1001-0001:2", "dropped", "sum_mismatch"],
    ]);
    expect(rows[0]?.dropMessage).toContain("already the id of a gift");
    expect(rows[1]?.dropMessage).toContain("did not add up");
    expect(await db().knownSplit.count()).toBe(0);
  });

  it("records a transaction the service no longer has", async () => {
    await db().knownTransaction.create({
      data: {
        connectionId: org.connection.id,
        transactionId: "59999999",
        externalId: "ext-gone",
        amountCents: 1000n,
        currency: "USD",
        occurredAt: new Date(),
        syncedAt: new Date(),
      },
    });
    const { submissionId } = await createSubmission(org.connection, await evenRequest(["59999999"], 1));
    await tick({ submissionId: submissionId });
    expect(await settle(submissionId, 100)).toBe("complete_with_drops");
    const row = await db().submissionRow.findFirstOrThrow({ where: { submissionId } });
    expect(row).toMatchObject({ outcome: "dropped", dropCode: "transaction_not_found" });
  });
});

describe("when sending cannot go on", () => {
  it("marks the submission for attention after the retries, and Retry finishes it", async () => {
    await emulatorSwitch(org.emulator, "faults", {
      fail: { status: 500, count: 100, path_prefix: "/admin/oauth2/api/v1/imports" },
    });
    const { submissionId } = await createSubmission(org.connection, await evenRequest([EXTERNAL], 2));
    expect(await settle(submissionId, 100)).toBe("needs_attention");
    const batch = await db().submissionBatch.findFirstOrThrow({ where: { submissionId } });
    expect(batch).toMatchObject({ status: "failed", attempts: 8 });
    expect(batch.lastError).toContain("gave up after 8 attempts");
    expect(await failedSentence(submissionId)).toBe(
      "Failed: the service could not be reached after several tries. Open it to retry.",
    );

    await fetch(`${org.emulator.url}/__emulator/faults`, { method: "DELETE" });
    expect(await retrySubmission(submissionId)).toBe(1);
    expect(await settle(submissionId, 100)).toBe("complete");
    expect(await serviceImports()).toHaveLength(1);
  }, 60_000);

  it("says the service reported the import failed, not that it could not be reached, when it did", async () => {
    // The emulator's imports always complete: its answer about one import is replaced by Failed.
    const real = globalThis.fetch;
    const answer = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const id = /\/admin\/oauth2\/api\/v1\/imports\/(\d+)$/.exec(new URL(url).pathname)?.[1];
      if (!id || (init?.method ?? "GET") !== "GET") return real(input, init);
      return Promise.resolve(Response.json({ id: Number(id), status: "Failed" }));
    });
    let submissionId: string;
    try {
      ({ submissionId } = await createSubmission(org.connection, await evenRequest([EXTERNAL], 2)));
      expect(await settle(submissionId, 100)).toBe("needs_attention");
    } finally {
      answer.mockRestore();
    }
    const batch = await db().submissionBatch.findFirstOrThrow({ where: { submissionId } });
    expect(batch).toMatchObject({ status: "failed", serviceStatus: "Failed", attempts: 1 });
    expect(await failedSentence(submissionId)).toBe(
      "Failed: the service reported that the import failed. Open it to see why and retry.",
    );
  });

  it("refuses to retry a failed submission over a newer allocation of the same gift", async () => {
    await emulatorSwitch(org.emulator, "faults", {
      fail: { status: 500, count: 100, path_prefix: "/admin/oauth2/api/v1/imports" },
    });
    const { submissionId: old } = await createSubmission(org.connection, await evenRequest([EXTERNAL], 2));
    expect(await settle(old, 100)).toBe("needs_attention");
    await fetch(`${org.emulator.url}/__emulator/faults`, { method: "DELETE" });
    // The admin allocates the gift again, and that one goes through.
    const { submissionId: newer } = await createSubmission(org.connection, await evenRequest([EXTERNAL], 3));
    expect(await settle(newer, 100)).toBe("complete");

    const refused = await refuseIfSuperseded(org.connection.id, old).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(409);
    expect((refused as AppError).message).toMatch(
      new RegExp(
        `^Not retried: gift ${EXTERNAL} was allocated again on [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d\\d [AP]M UTC\\.`,
      ),
    );
    expect(await serviceSplits(EXTERNAL)).toHaveLength(3);
    // Nothing of the old submission was put back in line.
    expect(await db().submissionBatch.findFirstOrThrow({ where: { submissionId: old } })).toMatchObject({
      status: "failed",
    });
  }, 60_000);

  it("refuses to retry when the gift's total changed at the service since (a refund, seen by the sync)", async () => {
    await emulatorSwitch(org.emulator, "faults", {
      fail: { status: 500, count: 100, path_prefix: "/admin/oauth2/api/v1/imports" },
    });
    const { submissionId } = await createSubmission(org.connection, await evenRequest([EXTERNAL], 2));
    expect(await settle(submissionId, 100)).toBe("needs_attention");
    expect(await supersededGifts(org.connection.id, submissionId)).toEqual([]);
    await db().knownTransaction.update({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId: EXTERNAL } },
      data: { amountCents: 9_000 },
    });
    expect(await supersededGifts(org.connection.id, submissionId)).toEqual([
      { transactionId: EXTERNAL, reason: "changed at the service: its total is now 90.00, not 100.00" },
    ]);
  }, 60_000);

  it("honours the service's Retry-After before the next attempt", async () => {
    await emulatorSwitch(org.emulator, "faults", {
      fail: { status: 429, count: 1, retry_after: 2, path_prefix: "/admin/oauth2/api/v1/imports" },
    });
    const { submissionId } = await createSubmission(org.connection, await evenRequest([EXTERNAL], 2));
    const before = Date.now();
    await tick({ submissionId: submissionId });
    const waiting = await db().submissionBatch.findFirstOrThrow({ where: { submissionId } });
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.lastError).toContain("limiting requests");
    expect(waiting.nextAttemptAt!.getTime() - before).toBeGreaterThanOrEqual(1_900);
    // Not before then: nothing is claimable yet.
    await tick({ submissionId: submissionId });
    expect((await db().submissionBatch.findFirstOrThrow({ where: { submissionId } })).attempts).toBe(1);
  });

  it("waits while the integration is disabled and resumes after reconnect, losing nothing", async () => {
    await emulatorSwitch(org.emulator, "disconnect", { organization_id: "1001" });
    const { submissionId } = await createSubmission(org.connection, await evenRequest([EXTERNAL], 2));
    await tick({ submissionId: submissionId });
    const waiting = await db().submissionBatch.findFirstOrThrow({ where: { submissionId } });
    expect(waiting.status).toBe("pending");
    expect(waiting.lastError).toContain("disabled");
    expect((await db().submission.findUniqueOrThrow({ where: { id: submissionId } })).status).toBe("sending");

    await connectOrganization(org.emulator);
    expect(await settle(submissionId, 100)).toBe("complete");
    expect(await serviceSplits(EXTERNAL)).toHaveLength(2);
  });
});

describe("what the server refuses before sending", () => {
  it("a second allocation of a gift while the first is still in flight", async () => {
    await createSubmission(org.connection, await evenRequest([EXTERNAL], 2));
    await expect(createSubmission(org.connection, await evenRequest([EXTERNAL], 3))).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("an unknown transaction", async () => {
    const request = await evenRequest([EXTERNAL], 1);
    request.allocations[0]!.transactionId = "nope";
    await expect(createSubmission(org.connection, request)).rejects.toMatchObject({
      code: "not_found",
      message: expect.stringContaining("may have been deleted at the service. Nothing was sent.") as unknown,
    });
  });

  it("a total that is not the transaction's, and split ids of another transaction", async () => {
    const request = await evenRequest([EXTERNAL], 1);
    request.allocations[0]!.totalCents = 1;
    request.allocations[0]!.rows[0]!.amount = 1;
    request.allocations[0]!.rows[0]!.splitId = "ext-1001-0002:1";
    const error = await createSubmission(org.connection, request).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(AppError);
    const paths = (error as { issues: { path: (string | number)[] }[] }).issues.map((i) => i.path.join("."));
    expect(paths).toEqual(["allocations.0.totalCents", "allocations.0.rows.0.splitId"]);
    expect(await db().submission.count()).toBe(0);
  });
});

describe("a blank campaign never reaches the service's default", () => {
  it("keeps the gift's own campaign; the default campaign only when chosen explicitly", async () => {
    const request = await evenRequest([EXTERNAL], 2);
    request.allocations[0]!.rows[0]!.campaign = undefined;
    request.allocations[0]!.rows[0]!.parentCampaign = undefined;
    request.allocations[0]!.rows[1]!.serviceDefaultCampaign = true;
    const { submissionId } = await createSubmission(org.connection, request);
    await tick({ submissionId: submissionId });
    expect(await settle(submissionId, 100)).toBe("complete");
    const gift = await known(EXTERNAL);
    const splits = await serviceSplits(EXTERNAL);
    expect(splits.map((s) => [s.id, s.campaign])).toEqual([
      ["ext-1001-0001:1", gift.campaign],
      ["ext-1001-0001:2", "Apportion"], // the partner's name: the service's default (spec §2.3)
    ]);
  });

  it("refuses a blank campaign for a gift that has none to keep, naming the row", async () => {
    await db().knownTransaction.update({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId: EXTERNAL } },
      data: { campaign: null, campaignId: null },
    });
    const request = await evenRequest([EXTERNAL], 2);
    request.allocations[0]!.rows[0]!.campaign = undefined;
    request.allocations[0]!.rows[0]!.parentCampaign = undefined;
    request.allocations[0]!.rows[1]!.campaign = "Holiday Meals";
    const error = await createSubmission(org.connection, request).catch((e: unknown) => e);
    const issues = (error as { issues: { path: (string | number)[]; message: string }[] }).issues;
    expect(issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["allocations.0.rows.0.campaign", expect.stringContaining("this gift has none of its own")],
    ]);
    expect(await db().submission.count()).toBe(0);
  });

  it("refuses a row that names a campaign and the default at once", () => {
    const parsed = submissionRequestSchema.safeParse({
      idempotencyKey: crypto.randomUUID(),
      allocations: [
        {
          transactionId: EXTERNAL,
          totalCents: 10_000,
          currency: "USD",
          removedSplitIds: [],
          rows: [splitRowInput("ext-1001-0001:1", "100", { campaign: "Spring", serviceDefaultCampaign: true })],
        },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain("not both");
  });
});

describe("nothing to send", () => {
  it("refuses an allocation the service already holds, unsplit or split, and stores nothing", async () => {
    const gift = await known(EXTERNAL);
    const whole = submissionRequestSchema.parse({
      idempotencyKey: crypto.randomUUID(),
      allocations: [
        {
          transactionId: EXTERNAL,
          totalCents: 10_000,
          currency: "USD",
          removedSplitIds: [],
          rows: [
            splitRowInput("ext-1001-0001:1", "100.00", {
              campaign: gift.campaign ?? "",
              campaignId: gift.campaignId ?? "",
              fund: gift.fund ?? "General",
              fundId: gift.fundId ?? "",
            }),
          ],
        },
      ],
    });
    await expect(createSubmission(org.connection, whole)).rejects.toMatchObject({
      code: "invalid_input",
      message: "Nothing to send: the service already holds this allocation.",
    });

    const request = await evenRequest([EXTERNAL], 2);
    const { submissionId } = await createSubmission(org.connection, request);
    await tick({ submissionId: submissionId });
    expect(await settle(submissionId, 100)).toBe("complete");
    const again = { ...request, idempotencyKey: crypto.randomUUID() };
    await expect(createSubmission(org.connection, again)).rejects.toMatchObject({ code: "invalid_input" });
    expect(await db().submission.count()).toBe(1);
  });
});
