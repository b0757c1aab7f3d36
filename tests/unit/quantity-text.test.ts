// A line counted more than once says so: "2 × $12.50 = $25.00", and the sum names it.
import { describe, expect, it } from "vitest";
import { summarize } from "@/components/split-editor/editor-summary";
import { editorStatus } from "@/components/split-editor/editor-status";
import { quantityNote, timesText } from "@/components/split-editor/quantity-text";
import { type EditorLine } from "@/lib/splits/editor-lines";
import { newLine } from "@/lib/splits/gift-lines";

const HOME = {
  campaign: "Holiday Meals",
  campaignId: "2100103",
  parentCampaign: "",
  parentCampaignId: "",
  fund: "Operations",
  fundId: "3100103",
};
const GIFT = { transactionId: "51001001", amountCents: 10_000, currency: "USD", home: HOME, splits: [] };
const line = (amount: string, quantity = "1"): EditorLine => ({
  ...newLine(`ext:${amount}`, HOME, null),
  amount,
  quantity,
});
const flags = { currency: "USD", stale: false, inFlight: false, sending: false };

describe("quantity in plain sight", () => {
  it("writes the product with thousands separators", () => {
    expect(timesText(2, 1250, "USD")).toBe("2 × $12.50");
    expect(timesText(1200, 123_456, "USD")).toBe("1,200 × $1,234.56");
  });

  it("names the first line counted more than once, and says why the lines are over", () => {
    const summary = summarize({ lines: [line("50", "2"), line("25")], removedSplitIds: [] }, GIFT);
    expect(summary.quantitiesOne).toBe(false);
    expect(summary.multiplied).toEqual({ index: 0, quantity: 2, unitCents: 5_000, lineCents: 10_000 });
    expect(quantityNote(summary.multiplied!, "USD")).toBe(
      "Line totals count the quantity: line 1 is 2 × $50.00 = $100.00.",
    );
    expect(editorStatus(summary, flags).text).toBe(
      "Not ready: the lines are $25.00 over the gift's total. Each line counts its amount times its Qty.",
    );
  });

  it("says nothing of quantity while every line counts once, and lets the column fold", () => {
    const summary = summarize({ lines: [line("75"), line("50")], removedSplitIds: [] }, GIFT);
    expect(summary.quantitiesOne).toBe(true);
    expect(summary.multiplied).toBeNull();
    expect(editorStatus(summary, flags).text).toBe("Not ready: the lines are $25.00 over the gift's total.");
  });

  it("a quantity typed as something other than 1 keeps the column open, even before it reads", () => {
    expect(summarize({ lines: [line("100", "")], removedSplitIds: [] }, GIFT).quantitiesOne).toBe(false);
  });
});
