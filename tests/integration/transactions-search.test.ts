// Finding gifts in the copy: donor names by any part, gift ids whole, campaigns and funds
// by where the money is (a split gift by its splits), and the names the pickers offer, kept by the
// sync itself. Also the sync's overlapping writers when consecutive pages share gifts.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { transactionFiltersSchema } from "@/lib/transactions/filters";
import { knownNames, listTransactions } from "@/lib/transactions/read";
import type { ServiceTransaction } from "@/lib/service/transactions";
import { LeaseLost, storeBatch } from "@/lib/transactions/store-page";
import { takeSyncLease } from "@/lib/transactions/sync-lease";
import { syncTransactions } from "@/lib/transactions/sync";
import { connectOrganization, emulatorSwitch } from "../support/connected-org";
import { withConnectedOrganization } from "../support/synced-org";

const org = withConnectedOrganization();

const list = (input: Record<string, string>) =>
  listTransactions(org.connection.id, transactionFiltersSchema.parse(input));
const ids = async (input: Record<string, string>) => (await list(input)).items.map((t) => t.transactionId).sort();

async function gift(transactionId: string) {
  return db().knownTransaction.findUniqueOrThrow({
    where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId } },
  });
}

describe("search", () => {
  it("finds a donor by any part of the name, and a gift by its whole id or external id", async () => {
    await syncTransactions(org.connection.id);
    const maria = await gift("51001001");
    const name = maria.contactName ?? "";
    const surname = name.split(" ").at(-1) ?? "";
    const byPart = await list({ search: surname.slice(1, -1).toUpperCase() });
    expect(byPart.total).toBeGreaterThan(0);
    for (const t of byPart.items) expect(t.contactName?.toLowerCase()).toContain(surname.slice(1, -1).toLowerCase());

    expect(await ids({ search: "51001001" })).toEqual(["51001001"]);
    expect(await ids({ search: "ext-1001-0001" })).toEqual(["51001001"]);
    // A part of an id is not a donor's name: ids are matched whole.
    expect(await ids({ search: "ext-1001-000" })).toEqual([]);
    // Campaigns and funds have their filters; their names in the search box match no donor.
    expect((await list({ search: maria.campaign ?? "" })).total).toBe(0);
  });
});

describe("donor search", () => {
  it("finds a donor by the words of the name in any order, and by a part of each", async () => {
    await syncTransactions(org.connection.id);
    const inOrder = await ids({ search: "James Okafor" });
    expect(inOrder.length).toBeGreaterThan(0);
    expect(await ids({ search: "okafor   JAMES" })).toEqual(inOrder);
    expect(await ids({ search: "Oka Jam" })).toEqual(inOrder);
    // Every word must be in the name.
    expect(await ids({ search: "James Alvarez" })).toEqual([]);
  });

  it("finds gifts through the donors' names, and by scanning when the text is in very many names", async () => {
    await syncTransactions(org.connection.id);
    // Every donor of the copy is a known name, once, in lower case.
    const donors = await db().knownName.findMany({ where: { connectionId: org.connection.id, kind: "contact" } });
    const names = await db().knownTransaction.findMany({
      where: { connectionId: org.connection.id },
      distinct: ["contactName"],
      select: { contactName: true },
    });
    expect(donors.map((d) => d.name).sort()).toEqual(names.map((n) => (n.contactName ?? "").toLowerCase()).sort());

    const okafor = (await list({ search: "okaf" })).total;
    expect(okafor).toBeGreaterThan(0);
    // 2,001 more donors whose names hold the text: the gifts are scanned rather than looked up.
    await db().knownName.createMany({
      data: Array.from({ length: 2_001 }, (_, i) => ({
        connectionId: org.connection.id,
        kind: "contact" as const,
        name: `okaf ${i}`,
      })),
    });
    expect((await list({ search: "okaf" })).total).toBe(okafor);
    expect((await list({ search: "kafo" })).total).toBe(okafor);
  });
});

/** A gift of $5 from each donor, with ids `<prefix>0`, `<prefix>1`… */
const giftsOf = (donors: string[], prefix: string) =>
  donors.map(
    (contact_name, i) =>
      ({
        id: `${prefix}${i}`,
        amount_in_cents: 500,
        currency: "USD",
        transaction_time: "2026-02-01T10:00:00.000Z",
        contact_name,
        sync_version: 1,
      }) as ServiceTransaction,
  );

describe("donor names in other scripts", () => {
  it("finds a donor whose name JavaScript and PostgreSQL lower-case differently", async () => {
    const run = { connectionId: org.connection.id, owner: "test" };
    expect(await takeSyncLease(org.connection.id, run.owner)).toBe(true);
    await storeBatch(run, giftsOf(["ΟΔΥΣΣΕΑΣ Παππάς", "İlker Yılmaz"], "920"), { copied: 2 });
    expect(await ids({ search: "ΟΔΥΣΣΕΑΣ" })).toEqual(["9200"]);
    expect(await ids({ search: "δυσσ" })).toEqual(["9200"]);
    expect(await ids({ search: "İlker" })).toEqual(["9201"]);
  });

  it("finds a donor with or without the accents of the name", async () => {
    const run = { connectionId: org.connection.id, owner: "test" };
    expect(await takeSyncLease(org.connection.id, run.owner)).toBe(true);
    await storeBatch(run, giftsOf(["José García", "Jose Garcia", "Zoë Müller"], "930"), { copied: 3 });
    expect(await ids({ search: "garcia" })).toEqual(["9300", "9301"]);
    expect(await ids({ search: "GARCÍA josé" })).toEqual(["9300", "9301"]);
    expect(await ids({ search: "zoe mull" })).toEqual(["9302"]);
    expect(await ids({ search: "Müller" })).toEqual(["9302"]);
    // One donor name to search by for the two spellings; the list still shows each as given.
    const donors = await db().knownName.findMany({
      where: { connectionId: org.connection.id, kind: "contact", name: { startsWith: "jos" } },
    });
    expect(donors.map((d) => d.name)).toEqual(["jose garcia"]);
    const shown = await list({ search: "garcia" });
    expect(shown.items.map((t) => t.contactName).sort()).toEqual(["Jose Garcia", "José García"]);
  });
});

describe("campaign and fund filters", () => {
  it("find a gift by where its money is: its splits once split, its own campaign and fund before", async () => {
    await syncTransactions(org.connection.id);
    const whole = await gift("51001001");
    const fund = whole.fund ?? "";
    const campaignId = whole.campaignId ?? "";
    const inFund = await ids({ fund });
    const inCampaign = await ids({ campaignId });
    expect(inFund).toContain("51001001");
    expect(inCampaign).toContain("51001001");
    const expectedInFund = await db().knownTransaction.count({ where: { connectionId: org.connection.id, fund } });
    expect(inFund).toHaveLength(expectedInFund);

    // The gift is split: all of it to another fund and campaign.
    const other = await gift("51001002");
    expect(other.fund).not.toBe(fund);
    expect(other.campaignId).not.toBe(campaignId);
    await db().knownSplit.create({
      data: {
        connectionId: org.connection.id,
        splitId: "ext-1001-0001:1",
        transactionId: "51001001",
        unitAmountCents: whole.amountCents,
        quantity: 1,
        campaign: other.campaign,
        campaignId: other.campaignId,
        fund: other.fund ?? "General",
        fundId: other.fundId,
      },
    });
    expect(await ids({ fund })).not.toContain("51001001");
    expect(await ids({ campaignId })).not.toContain("51001001");
    expect(await ids({ fund: other.fund ?? "" })).toContain("51001001");
    expect(await ids({ campaignId: other.campaignId ?? "" })).toContain("51001001");

    // A removed split gives the money back to the gift's own campaign and fund.
    await db().knownSplit.updateMany({ where: { connectionId: org.connection.id }, data: { deletedAt: new Date() } });
    expect(await ids({ fund })).toContain("51001001");
    expect(await ids({ fund: other.fund ?? "" })).not.toContain("51001001");
  });

  it("finds split gifts by id while they are few, and by a subquery beyond 2,000", { timeout: 60_000 }, async () => {
    await emulatorSwitch(org.emulator, "organizations/1001/generate", { count: 2_500, seed: 14 });
    await syncTransactions(org.connection.id);
    const gifts = await db().knownTransaction.findMany({
      where: { connectionId: org.connection.id },
      orderBy: { transactionId: "asc" },
      take: 2_001,
    });
    const splitInto = async (fund: string, count: number) =>
      db().knownSplit.createMany({
        data: gifts.slice(0, count).map((g) => ({
          connectionId: org.connection.id,
          splitId: `${g.transactionId}:${fund}`,
          transactionId: g.transactionId,
          unitAmountCents: g.amountCents,
          quantity: 1,
          fund,
        })),
      });
    await splitInto("Capital Projects", 5);
    expect((await list({ fund: "Capital Projects" })).total).toBe(5);
    await db().knownSplit.deleteMany({ where: { connectionId: org.connection.id } });
    await splitInto("Capital Projects", 2_001);
    expect((await list({ fund: "Capital Projects" })).total).toBe(2_001);
    // The gifts split away no longer count under their own funds.
    const own = gifts[2_000]?.fund ?? "";
    const stillOwn = await db().knownTransaction.count({
      where: {
        connectionId: org.connection.id,
        fund: own,
        transactionId: { notIn: gifts.map((g) => g.transactionId) },
      },
    });
    expect((await list({ fund: own })).total).toBe(stillOwn);
  });

  it("counts a gift without a fund under General, as the list shows it", async () => {
    await syncTransactions(org.connection.id);
    await db().knownTransaction.update({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId: "51001002" } },
      data: { fund: null, fundId: null },
    });
    expect(await ids({ fund: "General" })).toContain("51001002");
  });

  it("offers the campaigns and funds of every copied gift, with their ids, without scanning the gifts", async () => {
    await emulatorSwitch(org.emulator, "organizations/1001/generate", { count: 3_000, seed: 14 });
    await syncTransactions(org.connection.id);
    const names = await knownNames(org.connection.id);
    const [campaigns, funds] = await Promise.all([
      db().knownTransaction.findMany({
        where: { connectionId: org.connection.id },
        distinct: ["campaign"],
        select: { campaign: true, campaignId: true },
      }),
      db().knownTransaction.findMany({
        where: { connectionId: org.connection.id },
        distinct: ["fund"],
        select: { fund: true, fundId: true },
      }),
    ]);
    expect(names.campaigns.map((c) => [c.name, c.id]).sort()).toEqual(
      campaigns.map((c) => [c.campaign, c.campaignId]).sort(),
    );
    const fundNames = new Set(funds.map((f) => f.fund));
    fundNames.add("General");
    expect(names.funds.map((f) => f.name).sort()).toEqual([...fundNames].sort());
    for (const f of funds) expect(names.funds.find((n) => n.name === f.fund)?.id).toBe(f.fundId);
  });

  it("learns a campaign's id from a later batch of the run that first named it without one", async () => {
    const run = { connectionId: org.connection.id, owner: "test", namesSent: new Set<string>() };
    expect(await takeSyncLease(org.connection.id, run.owner)).toBe(true);
    const gift = (id: string, campaign_id: string | null) =>
      ({
        id,
        amount_in_cents: 500,
        currency: "USD",
        transaction_time: "2026-02-01T10:00:00.000Z",
        campaign: "Winter Appeal",
        campaign_id,
        contact_name: "Ada Byron",
        sync_version: 1,
      }) as ServiceTransaction;
    await storeBatch(run, [gift("9300", null)], { copied: 1 });
    await storeBatch(run, [gift("9301", null)], { copied: 1 });
    expect(run.namesSent.size).toBe(2);
    await storeBatch(run, [gift("9302", "c-77")], { copied: 1 });
    const named = await knownNames(org.connection.id);
    expect(named.campaigns.find((c) => c.name === "Winter Appeal")?.id).toBe("c-77");
    const donors = await db().knownName.findMany({
      where: { connectionId: org.connection.id, kind: "contact", name: "ada byron" },
    });
    expect(donors).toHaveLength(1);
  });
});

describe("overlapping writes", () => {
  const row = (version: number): ServiceTransaction =>
    ({
      id: "9100",
      external_id: "ext-9100",
      amount_in_cents: 1000 * version,
      currency: "USD",
      transaction_time: "2026-03-01T10:00:00.000Z",
      contact_name: `Version ${version}`,
      sync_version: version,
    }) as ServiceTransaction;

  it("writes a batch sharing a gift with the one before only after that one commits", async () => {
    // The earlier batch is held back (its own predecessor has not committed) until the later one
    // has been started. Were the later one to lock the shared gift first, the earlier would wait
    // on its row lock while it waits for the earlier to commit: a deadlock PostgreSQL cannot see.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const run = { connectionId: org.connection.id, owner: "test" };
    expect(await takeSyncLease(org.connection.id, run.owner)).toBe(true);
    const earlier = storeBatch(run, [row(1)], { copied: 1 }, { committed: held, ids: new Set(["9100"]) });
    const later = storeBatch(run, [row(2)], { copied: 1 }, { committed: earlier, ids: new Set(["9100"]) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const timedOut = new Promise<"deadlock">((resolve) => setTimeout(() => resolve("deadlock"), 5_000));
    expect(await Promise.race([Promise.all([earlier, later]).then(() => "stored" as const), timedOut])).toBe("stored");
    expect((await gift("9100")).contactName).toBe("Version 2");
    const sync = await db().transactionSync.findUniqueOrThrow({ where: { connectionId: org.connection.id } });
    expect(sync.copied).toBe(2);
  });

  it("forgets a deleted connection's gifts, and stores no batch for it afterwards", async () => {
    await syncTransactions(org.connection.id);
    expect(await db().knownTransaction.count({ where: { connectionId: org.connection.id } })).toBe(13);
    const other = await connectOrganization(org.emulator, "admin@harbor.example");
    await syncTransactions(other.id);
    await db().connection.delete({ where: { id: org.connection.id } });
    expect(await db().knownTransaction.count({ where: { connectionId: org.connection.id } })).toBe(0);
    expect(await db().knownTransaction.count({ where: { connectionId: other.id } })).toBeGreaterThan(0);
    await expect(
      storeBatch({ connectionId: org.connection.id, owner: "gone" }, [row(1)], { copied: 1 }),
    ).rejects.toThrow(LeaseLost);
    expect(await db().knownTransaction.count({ where: { connectionId: org.connection.id } })).toBe(0);
  });

  it("stores nothing of a batch once another process has taken the run", async () => {
    expect(await takeSyncLease(org.connection.id, "lapsed")).toBe(true);
    await db().transactionSync.update({
      where: { connectionId: org.connection.id },
      data: { leaseOwner: "other", leaseUntil: new Date(Date.now() + 60_000) },
    });
    await expect(
      storeBatch({ connectionId: org.connection.id, owner: "lapsed" }, [row(1)], { copied: 1 }),
    ).rejects.toThrow(LeaseLost);
    expect(
      await db().knownTransaction.count({ where: { connectionId: org.connection.id, transactionId: "9100" } }),
    ).toBe(0);
  });

  it("stores pages that share gifts at their edges without waiting on itself", { timeout: 60_000 }, async () => {
    // Without query tokens every page is a new query from the cursor, which re-reads the gift at
    // the cursor's instant: consecutive batches share a gift, and two are written at once.
    await emulatorSwitch(org.emulator, "organizations/1001/generate", { count: 3_000, seed: 14 });
    await emulatorSwitch(org.emulator, "settings", { query_paging: "no_token" });
    const run = await syncTransactions(org.connection.id);
    expect(run.state).toBe("complete");
    expect(await db().knownTransaction.count({ where: { connectionId: org.connection.id } })).toBe(3_013);
    const sync = await db().transactionSync.findUniqueOrThrow({ where: { connectionId: org.connection.id } });
    expect(sync.mode).toBeNull();
  });
});
