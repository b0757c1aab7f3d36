import { beforeAll, describe, expect, it } from "vitest";
import { fitToTotal, proportionalShares } from "@/lib/splits/allocate";
import { loadExpressions } from "@/lib/splits/amount-text";
import { type EditorLine, lineFigures, shareText } from "@/lib/splits/editor-lines";
import { newLine } from "@/lib/splits/gift-lines";
import { distributePatches, remainderPatch, splitEvenlyPatches } from "@/lib/splits/line-operations";
import { percentPatch, settleAmount } from "@/lib/splits/line-typing";

beforeAll(async () => {
  await loadExpressions();
});

const HOME = {
  campaign: "Holiday Meals",
  campaignId: "2100103",
  parentCampaign: "",
  parentCampaignId: "",
  fund: "Operations",
  fundId: "3100103",
};
const gift = (totalCents: number) => ({ totalCents, currency: "USD" });
const line = (amount: string, extra: Partial<EditorLine> = {}): EditorLine => ({
  ...newLine("ext:1", HOME, null),
  amount,
  ...extra,
});

describe("a new line keeps the money where it was", () => {
  it("takes the gift's campaign, its parent and its fund, with their ids", () => {
    const fresh = newLine("ext:2", { ...HOME, parentCampaign: "Annual", parentCampaignId: "2100101" }, 2500);
    expect(fresh.campaign).toEqual({ name: "Holiday Meals", id: "2100103", status: "known" });
    expect(fresh.parent).toEqual({ name: "Annual", id: "2100101", status: "known" });
    expect(fresh.fund).toEqual({ name: "Operations", id: "3100103", status: "known" });
    expect(fresh).toMatchObject({ amount: "25.00", source: "amount", quantity: "1" });
    expect(shareText(fresh, 2500, 10_000)).toBe("25");
  });

  it("a gift without a campaign gives a line that must be chosen, never a blank that means the default", () => {
    const fresh = newLine("ext:2", { ...HOME, campaign: "", campaignId: "" }, 100);
    expect(fresh.campaign.status).toBe("none");
    expect(lineFigures(fresh, 10_000, "USD").problems.campaign).toBe("Choose a campaign.");
  });
});

describe("lineFigures", () => {
  it("counts what is being typed, percentages and sums included", () => {
    expect(lineFigures(line("25%"), 10_000, "USD").lineCents).toBe(2500);
    expect(lineFigures(line("100/3"), 10_000, "USD").lineCents).toBe(3333);
    expect(lineFigures(line("20", { quantity: "3" }), 10_000, "USD").lineCents).toBe(6000);
  });

  it("a share of the gift is the whole line's, and must divide into its units", () => {
    expect(lineFigures(line("30%", { quantity: "3" }), 10_000, "USD")).toMatchObject({
      unitCents: 1000,
      lineCents: 3000,
    });
    expect(lineFigures(line("25%", { quantity: "3" }), 10_000, "USD").problems.amount).toContain(
      "3 units cannot share",
    );
  });

  it("names every problem of a line", () => {
    const bad = line("abc", {
      quantity: "0",
      fund: { name: "Operatons", id: "", status: "unresolved" },
      parent: { name: "X", id: "", status: "known" },
      campaign: { name: "", id: "", status: "default" },
    });
    expect(Object.keys(lineFigures(bad, 10_000, "USD").problems).sort()).toEqual([
      "amount",
      "fund",
      "parent",
      "quantity",
    ]);
  });
});

describe("line operations keep quantities and integer cents", () => {
  it("splits evenly, leftover cents first", () => {
    const outcome = splitEvenlyPatches([line(""), line(""), line("")], gift(10_000));
    expect(outcome.ok && outcome.patches.map((p) => p.amount)).toEqual(["33.34", "33.33", "33.33"]);
  });

  it("splits evenly without touching quantities, or says why it cannot", () => {
    const outcome = splitEvenlyPatches([line("", { quantity: "2" }), line("")], gift(10_001));
    expect(outcome.ok && outcome.patches.map((p) => p.amount)).toEqual(["25.00", "50.01"]);
    const impossible = splitEvenlyPatches([line("", { quantity: "2" }), line("", { quantity: "4" })], gift(10_001));
    expect(impossible).toEqual({ ok: false, reason: expect.stringContaining("cannot be shared exactly") });
  });

  it("shares the remainder in proportion, exactly", () => {
    const outcome = distributePatches([line("30"), line("10")], gift(10_000));
    expect(outcome.ok && outcome.patches.map((p) => p.amount)).toEqual(["75.00", "25.00"]);
    const over = distributePatches([line("60"), line("60")], gift(10_001));
    expect(over.ok && over.patches.map((p) => p.amount)).toEqual(["50.01", "50.00"]);
  });

  it("puts the remainder on one line, at its quantity, or says why not", () => {
    expect(remainderPatch([line("60"), line("1")], 1, gift(10_000))).toMatchObject({
      ok: true,
      patches: [{ index: 1, amount: "40.00", source: "amount" }],
    });
    expect(remainderPatch([line("60"), line("1", { quantity: "3" })], 1, gift(10_000))).toEqual({
      ok: false,
      reason: expect.stringContaining("cannot be shared by 3 units"),
    });
    expect(remainderPatch([line("100"), line("1")], 1, gift(10_000)).ok).toBe(false);
  });

  it("a typed percentage sets the amount; the last of a set making 100% takes the rounding", () => {
    const lines = [line("5.01", { source: "percent", percent: "50" }), line("", { source: "percent", percent: "50" })];
    expect(percentPatch(lines, 1, gift(1_001))).toMatchObject({ amount: "5.00", source: "percent" });
    expect(percentPatch([line(""), line("", { source: "percent", percent: "50" })], 1, gift(1_001)).amount).toBe(
      "5.01",
    );
    expect(percentPatch([line("", { source: "percent", percent: "x" })], 0, gift(1_001)).amount).toBe("");
  });

  it("settles a share or a sum into the amount when the admin moves on", () => {
    expect(settleAmount(line("25%"), 0, gift(10_000))?.patch).toMatchObject({
      amount: "25.00",
      percent: "25",
      source: "percent",
    });
    const sum = settleAmount(line("100/3"), 0, gift(10_000));
    expect(sum?.patch.amount).toBe("33.33");
    expect(sum?.note).toContain("rounded to $33.33");
    expect(settleAmount(line("12.50"), 0, gift(10_000))).toBeNull();
    // An amount typed short is shown as cents once the admin moves on; a bad one is left as typed.
    expect(settleAmount(line("30"), 0, gift(10_000))?.patch).toEqual({ index: 0, amount: "30.00", source: "amount" });
    expect(settleAmount(line(".5"), 0, gift(10_000))?.patch.amount).toBe("0.50");
    expect(settleAmount(line("abc"), 0, gift(10_000))).toBeNull();
  });
});

describe("fitToTotal and proportionalShares", () => {
  it("always add up to the total", () => {
    for (let total = 1; total < 400; total += 7) {
      const shares = proportionalShares(total, [3, 1, 7]);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      const fit = fitToTotal(total + 100, [total, 50, 50], [1, 2, 1]);
      if (fit.ok) expect(fit.unitCents[0]! + fit.unitCents[1]! * 2 + fit.unitCents[2]!).toBe(total + 100);
    }
  });
});
