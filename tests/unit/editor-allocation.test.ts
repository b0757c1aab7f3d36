import { describe, expect, it } from "vitest";
import { editorStatus } from "@/components/split-editor/editor-status";
import { summarize } from "@/components/split-editor/editor-summary";
import { destinations } from "@/lib/splits/allocation-changes";
import { type GiftFacts, holdingsNow, sameAsService } from "@/lib/splits/editor-allocation";
import { holdingsAfter } from "@/lib/splits/holdings-after";
import { toAllocationInput } from "@/lib/splits/to-allocation";
import { DEFAULT_CAMPAIGN, type EditorValues } from "@/lib/splits/editor-lines";
import { lineFromSplit, newLine } from "@/lib/splits/gift-lines";
import { keepGiftCampaign, NO_CAMPAIGN_TO_KEEP } from "@/lib/splits/placement";
import { rebaseValues } from "@/lib/splits/rebase";

const HOME = {
  campaign: "Holiday Meals",
  campaignId: "2100103",
  parentCampaign: "",
  parentCampaignId: "",
  fund: "General",
  fundId: "3100101",
};
const split = (splitId: string, cents: number, fund = "General") => ({
  splitId,
  unitAmountCents: cents,
  quantity: 1,
  campaign: "Holiday Meals",
  campaignId: "2100103",
  parentCampaign: null,
  parentCampaignId: null,
  fund,
  fundId: null,
});
const unsplit: GiftFacts = { transactionId: "51001001", amountCents: 10_000, currency: "USD", home: HOME, splits: [] };
const splitGift: GiftFacts = { ...unsplit, splits: [split("ext:1", 6000), split("ext:2", 4000, "Operations")] };
const opened = (gift: GiftFacts): EditorValues => ({
  lines: gift.splits.length ? gift.splits.map((s) => lineFromSplit(s)) : [newLine("ext:1", HOME, 10_000)],
  removedSplitIds: [],
});

describe("nothing to send", () => {
  it("when the lines are what the service holds, typed differently or not", () => {
    expect(sameAsService(opened(unsplit), unsplit)).toBe(true);
    expect(sameAsService(opened(splitGift), splitGift)).toBe(true);
    const retyped = opened(splitGift);
    retyped.lines[0]!.amount = "60";
    expect(sameAsService(retyped, splitGift)).toBe(true);
  });

  it("not when an amount, a fund or the set of splits differs", () => {
    const moved = opened(splitGift);
    moved.lines[0]!.fund = { name: "Operations", id: "", status: "known" };
    expect(sameAsService(moved, splitGift)).toBe(false);
    const removed = { lines: [{ ...opened(splitGift).lines[0]!, amount: "100" }], removedSplitIds: ["ext:2"] };
    expect(sameAsService(removed, splitGift)).toBe(false);
    const defaulted = opened(unsplit);
    defaulted.lines[0]!.campaign = DEFAULT_CAMPAIGN;
    expect(sameAsService(defaulted, unsplit)).toBe(false);
  });
});

describe("the allocation sent", () => {
  it("carries ids only with known names, and the default campaign only as an explicit flag", () => {
    const values = opened(unsplit);
    values.lines[0]!.fund = { name: "Capital", id: "", status: "new" };
    values.lines[0]!.campaign = DEFAULT_CAMPAIGN;
    const input = toAllocationInput(values, unsplit);
    expect(input?.rows[0]).toMatchObject({
      amount: "100.00",
      campaign: "",
      campaignId: "",
      fund: "Capital",
      fundId: "",
      serviceDefaultCampaign: true,
    });
  });

  it("is not made while a line has a problem", () => {
    const values = opened(unsplit);
    values.lines[0]!.fund = { name: "Operatons", id: "", status: "unresolved" };
    expect(toAllocationInput(values, unsplit)).toBeNull();
  });
});

describe("review summary", () => {
  it("says how much each campaign and fund holds before and after", () => {
    const values = opened(unsplit);
    values.lines = [
      newLine("ext:1", HOME, 7_500),
      { ...newLine("ext:2", HOME, 2_500), fund: { name: "Operations", id: "3100103", status: "known" } },
    ];
    const changes = destinations(holdingsNow(unsplit), holdingsAfter(values.lines, unsplit)!);
    expect(changes.map((d) => [d.campaign, d.fund, d.beforeCents, d.afterCents])).toEqual([
      ["Holiday Meals", "General", 10_000, 7_500],
      ["Holiday Meals", "Operations", 0, 2_500],
    ]);
  });
});

describe("the editor's status", () => {
  const flags = { currency: "USD", stale: false, inFlight: false, sending: false };
  it("is ready only when valid, complete and different", () => {
    expect(editorStatus(summarize(opened(unsplit), unsplit), flags)).toMatchObject({
      ready: false,
      text: expect.stringContaining("Nothing to send"),
    });
    const values = opened(unsplit);
    values.lines.push({ ...newLine("ext:2", HOME, null) });
    expect(editorStatus(summarize(values, unsplit), flags).text).toContain("1 problem");
    values.lines[1]!.amount = "10";
    expect(editorStatus(summarize(values, unsplit), flags).text).toContain("$10.00 over");
    values.lines[0]!.amount = "90";
    expect(editorStatus(summarize(values, unsplit), flags)).toMatchObject({ ready: true });
    expect(editorStatus(summarize(values, unsplit), { ...flags, stale: true }).ready).toBe(false);
  });
});

describe("one rule for a blank campaign", () => {
  const gift = { campaign: "Holiday Meals", campaignId: "2100103", fund: "General", fundId: null };
  it("keeps the gift's own", () => {
    expect(keepGiftCampaign({ campaign: undefined }, gift)).toEqual({
      ok: true,
      row: { campaign: "Holiday Meals", campaignId: "2100103" },
    });
  });
  it("sends no campaign only when the default was chosen", () => {
    expect(keepGiftCampaign({ serviceDefaultCampaign: true, campaign: undefined }, gift)).toMatchObject({
      ok: true,
      row: { campaign: undefined },
    });
  });
  it("refuses a blank when the gift has no campaign to keep", () => {
    expect(keepGiftCampaign({}, { ...gift, campaign: null, campaignId: null })).toEqual({
      ok: false,
      error: NO_CAMPAIGN_TO_KEEP,
    });
  });
});

describe("reload and keep my edits", () => {
  it("keeps the lines, re-numbers a line whose split was removed elsewhere, and removes splits added elsewhere", () => {
    const mine = opened(splitGift);
    mine.lines[1]!.amount = "30";
    mine.lines.push(newLine("ext:3", HOME, 1_000));
    const now = { transactionId: "51001001", externalId: "ext", splits: [{ splitId: "ext:1" }, { splitId: "ext:4" }] };
    const rebased = rebaseValues(mine, now, ["ext:1", "ext:2", "ext:4"]);
    expect(rebased.lines.map((l) => [l.splitId, l.amount])).toEqual([
      ["ext:1", "60.00"],
      ["ext:5", "30"],
      ["ext:3", "10.00"],
    ]);
    expect(rebased.removedSplitIds).toEqual(["ext:4"]);
  });
});
