import { describe, expect, it } from "vitest";
import { createSeedOrganizations } from "@/emulator/seed";

describe("seed", () => {
  const organizations = createSeedOrganizations();
  const transactions = organizations.flatMap((org) => org.transactions);

  it("is deterministic and a fresh copy each time", () => {
    const again = createSeedOrganizations();
    expect(again).toEqual(organizations);
    expect(again[0]?.transactions).not.toBe(organizations[0]?.transactions);
  });

  it("has the two documented organizations", () => {
    expect(organizations.map((org) => [org.id, org.name, org.adminEmail])).toEqual([
      [1001, "Riverside Food Bank", "admin@riverside.example"],
      [1002, "Harbor Arts Collective", "admin@harbor.example"],
    ]);
  });

  it("has unique transaction ids across organizations, and both kinds of transaction", () => {
    const ids = transactions.map((t) => t.transaction_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(transactions.some((t) => t.external_id === null)).toBe(true);
    expect(transactions.some((t) => t.external_id === "ext-1001-0001")).toBe(true);
  });

  it("uses integer cents and ISO times", () => {
    for (const t of transactions) {
      expect(Number.isInteger(t.amount_in_cents) && t.amount_in_cents > 0).toBe(true);
      expect(new Date(t.transaction_time).toISOString()).toBe(t.transaction_time);
      expect(t.currency).toBe("USD");
    }
  });

  it("gives every organization a General fund and a campaign hierarchy that resolves", () => {
    for (const org of organizations) {
      expect(org.funds.map((f) => f.fund)).toContain("General");
      const ids = new Set(org.campaigns.map((c) => c.campaign_id));
      const children = org.campaigns.filter((c) => c.parent_campaign_id !== null);
      expect(children.length).toBeGreaterThan(0);
      for (const child of children) expect(ids.has(child.parent_campaign_id ?? "")).toBe(true);
      for (const t of org.transactions) {
        expect(ids.has(t.campaign_id)).toBe(true);
        expect(org.funds.some((f) => f.fund_id === t.fund_id && f.fund === t.fund)).toBe(true);
      }
    }
  });

  it("gives every organization what the import and query tests need", () => {
    for (const org of organizations) {
      expect(org.transactions.length).toBeGreaterThanOrEqual(12);
      expect(org.campaigns.length).toBeGreaterThanOrEqual(3);
      const external = org.transactions.filter((t) => t.external_id !== null);
      expect(external.length).toBeGreaterThan(0);
      expect(org.transactions.some((t) => t.external_id === null)).toBe(true);
      expect(new Set(org.transactions.map((t) => t.amount_in_cents)).size).toBe(org.transactions.length);
      // One odd total with an external id that nothing else uses, for "split evenly".
      const odd = org.transactions.find((t) => t.amount_in_cents === 10001);
      expect(odd?.external_id).toBe(`ext-${org.id}-0013`);
      const ids = org.transactions.flatMap((t) => [t.transaction_id, t.external_id]);
      expect(ids.filter((id) => id === odd?.external_id)).toHaveLength(1);
    }
  });
});
