import { describe, expect, it } from "vitest";
import { campaignNow, editorHome, keepGiftCampaign, NO_CAMPAIGN_TO_KEEP } from "@/lib/splits/placement";

const gift = { campaign: "Holiday Meals", campaignId: "c-holiday", fund: "General", fundId: null };
const split = (campaign: string | null, cents: number, quantity = 1, fund = "General") => ({
  unitAmountCents: cents,
  quantity,
  campaign,
  campaignId: campaign ? `c-${campaign}` : null,
  parentCampaign: null,
  parentCampaignId: null,
  fund,
  fundId: null,
});
const blankRow: { amount: number; fund: string; campaign?: string } = { amount: 100, fund: "General" };

describe("where a gift's money is now", () => {
  it("an unsplit gift keeps its own campaign", () => {
    expect(campaignNow(gift, [])).toEqual(gift);
    expect(keepGiftCampaign(blankRow, campaignNow(gift, []))).toEqual({
      ok: true,
      row: { ...blankRow, campaign: "Holiday Meals", campaignId: "c-holiday" },
    });
  });

  it("a split gift keeps the campaign its splits share, not the one it was given in", () => {
    const now = campaignNow(gift, [split("Spring", 500), split("Spring", 300)]);
    expect(now).toMatchObject({ campaign: "Spring", campaignId: "c-Spring" });
    expect(keepGiftCampaign(blankRow, now)).toMatchObject({ ok: true, row: { campaign: "Spring" } });
  });

  it("splits of one campaign named with and without its id are one campaign", () => {
    const now = campaignNow(gift, [split("Spring", 500), { ...split("Spring", 300), campaignId: null }]);
    expect(now).toEqual({ ...gift, campaign: "Spring", campaignId: "c-Spring" });
  });

  it("splits in different campaigns leave no one campaign: a blank line is refused, naming them", () => {
    const now = campaignNow(gift, [split("Spring", 500), split(null, 300)]);
    expect(now.mixed).toEqual(["Spring", "the service's default campaign"]);
    const kept = keepGiftCampaign(blankRow, now);
    expect(kept).toEqual({
      ok: false,
      error:
        "Choose a campaign: this gift's splits are in “Spring” and “the service's default campaign”, so a blank campaign has no one campaign to keep.",
    });
    // A named campaign is fine whatever the splits.
    expect(keepGiftCampaign({ ...blankRow, campaign: "Gala" }, now)).toMatchObject({ ok: true });
  });

  it("a gift with no campaign and no splits leaves a blank line to be named", () => {
    expect(keepGiftCampaign(blankRow, { ...gift, campaign: null, campaignId: null })).toEqual({
      ok: false,
      error: NO_CAMPAIGN_TO_KEEP,
    });
  });

  it("the editor's new line starts on the split holding the most money (quantity counted)", () => {
    expect(editorHome(gift, [])).toMatchObject({ campaign: "Holiday Meals", fund: "General" });
    const home = editorHome(gift, [split("Spring", 500, 1), split("Gala", 200, 3, "Operations")]);
    expect(home).toMatchObject({ campaign: "Gala", campaignId: "c-Gala", fund: "Operations" });
  });
});
