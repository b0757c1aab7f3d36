// A template in the split editor: its lines on this gift (exact cents, split ids the editor's
// way) and the editor's lines saved as shares of a gift.
import { describe, expect, it } from "vitest";
import { linesFromTemplate, templateLinesFrom } from "@/lib/templates/editor-lines";
import { templateLineSchema } from "@/lib/templates/schema";

const home = {
  campaign: "Holiday Meals",
  campaignId: "c1",
  parentCampaign: "",
  parentCampaignId: "",
  fund: "General",
  fundId: "",
};
const known = {
  campaigns: [{ name: "Holiday Meals", id: "c1" }],
  funds: [
    { name: "General", id: "f1" },
    { name: "Operations", id: "f2" },
  ],
};

describe("templates in the editor", () => {
  it("puts the template's cents on the gift, re-using split ids in order and removing the ones left over", () => {
    const lines = [
      { kind: "percent", figure: "25", fund: "Operations" },
      { kind: "remainder", fund: "Scholarships", campaign: "" },
    ].map((l) => templateLineSchema.parse(l));
    const result = linesFromTemplate(
      lines,
      { totalCents: 10_001, ref: "ext-1", home },
      ["ext-1:1", "ext-1:2", "ext-1:3"],
      ["ext-1:4"],
      known,
    );
    expect(result).toMatchObject({ ok: true, removed: ["ext-1:3"] });
    if (!result.ok) return;
    expect(result.lines.map((l) => [l.splitId, l.amount, l.fund, l.campaign.name])).toEqual([
      ["ext-1:1", "25.00", { name: "Operations", id: "f2", status: "known" }, "Holiday Meals"],
      ["ext-1:2", "75.01", { name: "Scholarships", id: "", status: "new" }, "Holiday Meals"],
    ]);
  });

  it("gives new lines ids past every id taken", () => {
    const lines = [
      { kind: "fixed", figure: "1.00", fund: "Operations" },
      { kind: "remainder", fund: "General" },
    ].map((l) => templateLineSchema.parse(l));
    const result = linesFromTemplate(lines, { totalCents: 500, ref: "9", home }, [], ["9:1", "9:7"], known);
    expect(result.ok && result.lines.map((l) => l.splitId)).toEqual(["9:8", "9:9"]);
  });

  it("never gives a new line an id one of the re-used lines keeps", () => {
    const lines = [
      { kind: "percent", figure: "30", fund: "Operations" },
      { kind: "remainder", fund: "General" },
    ].map((l) => templateLineSchema.parse(l));
    const result = linesFromTemplate(lines, { totalCents: 2_500, ref: "ext-2", home }, ["ext-2:1"], [], known);
    expect(result.ok && result.lines.map((l) => l.splitId)).toEqual(["ext-2:1", "ext-2:2"]);
  });

  it("saves lines as shares that give the gift its cents back, the last taking the rest", () => {
    const parts = [
      { cents: 3_333, campaign: "", parentCampaign: "", fund: "A" },
      { cents: 6_668, campaign: "", parentCampaign: "", fund: "B" },
    ];
    expect(templateLinesFrom(parts, 10_001).map((l) => [l.kind, l.figure, l.fund])).toEqual([
      ["percent", "33.33", "A"],
      ["remainder", "", "B"],
    ]);
  });

  it("keeps the rest on the line the admin chose: 70.01 / 30.00 of $100.01 applies back as 70.01 / 30.00", () => {
    const parts = [
      { cents: 7_001, campaign: "", parentCampaign: "", fund: "A" },
      { cents: 3_000, campaign: "", parentCampaign: "", fund: "B" },
    ];
    const cents = (rest?: number) => {
      const lines = templateLinesFrom(parts, 10_001, rest).map((l) => templateLineSchema.parse(l));
      const result = linesFromTemplate(lines, { totalCents: 10_001, ref: "g", home }, [], [], known);
      return result.ok ? result.lines.map((l) => [l.amount, l.fund.name]) : result.error;
    };
    const saved = templateLinesFrom(parts, 10_001, 0).map((l) => [l.kind, l.figure]);
    expect(saved).toEqual([
      ["remainder", ""],
      ["percent", "30"],
    ]);
    expect(cents(0)).toEqual([
      ["70.01", "A"],
      ["30.00", "B"],
    ]);
    // The last line by default, as before; the shares still give this gift back.
    expect(cents()).toEqual([
      ["70.01", "A"],
      ["30.00", "B"],
    ]);
    // A larger gift: the rest line takes the rounding, where the admin put it.
    const big = templateLinesFrom(parts, 10_001, 0).map((l) => templateLineSchema.parse(l));
    const applied = linesFromTemplate(big, { totalCents: 33_333, ref: "g", home }, [], [], known);
    expect(applied.ok && applied.lines.map((l) => l.amount)).toEqual(["233.34", "99.99"]);
  });
});
