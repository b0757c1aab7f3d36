import { describe, expect, it } from "vitest";
import { holdsAlready } from "@/lib/splits/unchanged";

const gift = { amountCents: 10_000, campaign: "Spring", campaignId: "c1", fund: "General", fundId: null };
const whole = { splitId: "T1-s1", amount: 10_000, quantity: 1, campaign: "Spring", campaignId: "c1", fund: "General" };
const held = {
  splitId: "T1-s1",
  unitAmountCents: 6_000,
  quantity: 1,
  campaign: "Spring",
  campaignId: "c1",
  parentCampaign: "Annual",
  parentCampaignId: "p1",
  fund: "General",
  fundId: null,
};

describe("holdsAlready: the server refuses an import that changes nothing", () => {
  it("an unsplit gift sent back where it is changes nothing", () => {
    expect(holdsAlready([whole], [], gift, [])).toBe(true);
  });

  it("an unsplit gift sent with a parent campaign is a change (the query shows no parents)", () => {
    expect(holdsAlready([{ ...whole, parentCampaign: "Annual" }], [], gift, [])).toBe(false);
    expect(holdsAlready([{ ...whole, parentCampaignId: "p1" }], [], gift, [])).toBe(false);
  });

  it("a different fund, amount or quantity is a change", () => {
    expect(holdsAlready([{ ...whole, fund: "Operations" }], [], gift, [])).toBe(false);
    expect(holdsAlready([{ ...whole, amount: 9_999 }], [], gift, [])).toBe(false);
    expect(holdsAlready([{ ...whole, quantity: 2, amount: 5_000 }], [], gift, [])).toBe(false);
  });

  it("split gifts compare line by line; a parent left out keeps the one held", () => {
    const row = { splitId: "T1-s1", amount: 6_000, quantity: 1, campaign: "Spring", campaignId: "c1", fund: "General" };
    expect(holdsAlready([row], [], gift, [held])).toBe(true);
    expect(holdsAlready([{ ...row, parentCampaign: "Annual", parentCampaignId: "p1" }], [], gift, [held])).toBe(true);
    expect(holdsAlready([{ ...row, parentCampaign: "Other" }], [], gift, [held])).toBe(false);
  });

  it("a removed split is always a change", () => {
    expect(holdsAlready([whole], ["T1-s2"], gift, [])).toBe(false);
  });
});
