// A campaign or fund the organization does not use reaches the service only when the request
// confirms it: the one rule (lib/submissions/new-names.ts) for the editor's path and bulk's,
// against real PostgreSQL and the emulator.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import { tick } from "@/lib/outbox/tick";
import { submissionRequestSchema } from "@/lib/splits/schema";
import { createSubmission } from "@/lib/submissions/create";
import { namesInUse, unusedNames } from "@/lib/submissions/new-names";
import { knownNames } from "@/lib/transactions/read";
import { splitRowInput } from "../support/split-input";
import { settle, withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();

/** Gift 51001001 (ext-1001-0001, $100.00) in two lines: $60 to `first`, $40 to General. */
function request(first: Record<string, string>, confirmedNewNames?: { kind: "campaign" | "fund"; name: string }[]) {
  return submissionRequestSchema.parse({
    idempotencyKey: crypto.randomUUID(),
    allocations: [
      {
        transactionId: "51001001",
        totalCents: 10_000,
        currency: "USD",
        removedSplitIds: [],
        rows: [splitRowInput("ext-1001-0001:1", "60", first), splitRowInput("ext-1001-0001:2", "40")],
      },
    ],
    ...(confirmedNewNames ? { confirmedNewNames } : {}),
  });
}

async function stored() {
  return { submissions: await db().submission.count(), batches: await db().submissionBatch.count() };
}

describe("new campaign and fund names", () => {
  it("refuses an unconfirmed new fund with a 409 naming it, and stores nothing", async () => {
    const refusal = await createSubmission(org.connection, request({ fund: "Food" })).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "conflict", status: 409 });
    expect((refusal as AppError).message).toContain("fund “Food”");
    expect((refusal as AppError).details).toMatchObject({ newNames: [{ kind: "fund", name: "Food" }], total: 1 });
    expect(await stored()).toEqual({ submissions: 0, batches: 0 });
  });

  it("a confirmation of another name, or of the name as a campaign, does not confirm it", async () => {
    for (const confirmed of [
      [{ kind: "fund" as const, name: "Food Purchasing" }],
      [{ kind: "campaign" as const, name: "Food" }],
      [{ kind: "fund" as const, name: "food" }],
    ]) {
      await expect(createSubmission(org.connection, request({ fund: "Food" }, confirmed))).rejects.toMatchObject({
        code: "conflict",
      });
    }
    expect(await stored()).toEqual({ submissions: 0, batches: 0 });
  });

  it("names every unconfirmed campaign, parent and fund, and accepts them once all are confirmed", async () => {
    const names = { campaign: "Roof Appeal", parentCampaign: "Capital 2027", fund: "Roof Fund" };
    const refusal = (await createSubmission(
      org.connection,
      request(names, [{ kind: "fund", name: "Roof Fund" }]),
    ).catch((e: unknown) => e)) as AppError;
    expect(refusal.message).toContain("campaign “Roof Appeal”");
    expect(refusal.message).toContain("parent campaign “Capital 2027”");
    expect(refusal.message).not.toContain("Roof Fund");
    expect(await stored()).toEqual({ submissions: 0, batches: 0 });

    const all = [
      { kind: "campaign" as const, name: "Roof Appeal" },
      { kind: "campaign" as const, name: "Capital 2027" },
      { kind: "fund" as const, name: "Roof Fund" },
    ];
    const { submissionId, created } = await createSubmission(org.connection, request(names, all));
    expect(created).toBe(true);
    await tick({ submissionId });
    expect(await settle(submissionId, 100)).toBe("complete");
  });

  it("accepts a confirmed new fund, and once the service imported it the name needs no confirmation", async () => {
    const first = await createSubmission(org.connection, request({ fund: "Food" }, [{ kind: "fund", name: "Food" }]));
    expect(first.created).toBe(true);
    await tick({ submissionId: first.submissionId });
    expect(await settle(first.submissionId, 100)).toBe("complete");
    // What the app sent and the service imported is a name the organization uses now.
    expect((await knownNames(org.connection.id)).funds.map((f) => f.name)).toContain("Food");

    const again = request({ fund: "Food" });
    again.allocations[0]!.rows[0]!.amount = 5_000;
    again.allocations[0]!.rows[1]!.amount = 5_000;
    await expect(createSubmission(org.connection, again)).resolves.toMatchObject({ created: true });
  });

  it("a known campaign, parent and fund need no confirmation", async () => {
    const { created } = await createSubmission(
      org.connection,
      request({ campaign: "Spring Food Drive", parentCampaign: "Annual Appeal 2026", fund: "Food Purchasing" }),
    );
    expect(created).toBe(true);
  });

  it("the names in use are the pickers' names, whole or asked about a few at a time", async () => {
    // A new campaign under a new parent, and a new fund, imported: known from the rows sent.
    const names = { campaign: "Winter Coats", parentCampaign: "Warmth 2026", fund: "Clothing" };
    const sent = await createSubmission(
      org.connection,
      request(names, [
        { kind: "campaign", name: "Winter Coats" },
        { kind: "campaign", name: "Warmth 2026" },
        { kind: "fund", name: "Clothing" },
      ]),
    );
    expect(await settle(sent.submissionId, 100)).toBe("complete");

    const known = await knownNames(org.connection.id);
    const whole = await namesInUse(org.connection.id);
    const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
    expect(sorted(whole.funds)).toEqual(sorted(known.funds.map((f) => f.name)));
    expect(sorted(whole.campaigns)).toEqual(
      sorted(known.campaigns.flatMap((c) => (c.parent ? [c.name, c.parent] : [c.name]))),
    );
    expect(whole.campaigns).toContain("Warmth 2026");
    expect(whole.funds).toContain("Clothing");

    const asked = {
      campaigns: ["Winter Coats", "Warmth 2026", "Holiday Meals", "Annual Appeal 2026", "Never Heard Of"],
      funds: ["Clothing", "General", "Food Purchasing", "Never Sent"],
    };
    const some = await namesInUse(org.connection.id, asked);
    expect(asked.campaigns.map((n) => some.campaigns.has(n))).toEqual(
      asked.campaigns.map((n) => whole.campaigns.has(n)),
    );
    expect(asked.funds.map((n) => some.funds.has(n))).toEqual(asked.funds.map((n) => whole.funds.has(n)));
    expect(some.campaigns.has("Never Heard Of")).toBe(false);
    expect(some.funds.has("Never Sent")).toBe(false);
  });

  it("lists each name outside those in use, once", async () => {
    // Stored as sent but never imported: the service did not create it.
    const inUse = await namesInUse(org.connection.id);
    expect(
      unusedNames([{ rows: [{ fund: "Operations" }, { fund: "Never Sent", campaign: "Holiday Meals" }] }], inUse),
    ).toEqual([{ kind: "fund", name: "Never Sent" }]);
  });
});
