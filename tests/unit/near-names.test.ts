import { describe, expect, it } from "vitest";
import { editDistance, filterNames, matchName } from "@/lib/splits/near-names";

const FUNDS = ["General", "Food Purchasing", "Operations", "Youth Nutrition", "Ops"].map((name) => ({ name }));

describe("matchName", () => {
  it("finds the exact name and nothing near it", () => {
    expect(matchName("Operations", FUNDS)).toEqual({ exact: { name: "Operations" }, near: [] });
  });

  it.each([
    ["Operatons", "Operations"], // a letter left out
    ["Opreations", "Operations"], // two letters swapped
    ["operations", "Operations"], // case
    ["  Food   purchasing ", "Food Purchasing"], // spacing
    ["Food-Purchasing", "Food Purchasing"], // punctuation
    ["Youth Nutritoin", "Youth Nutrition"],
  ])("offers %j as a near match of %j", (typed, known) => {
    const match = matchName(typed, FUNDS);
    expect(match.exact).toBeNull();
    expect(match.near[0]?.name).toBe(known);
  });

  it("does not call a different short name a typo", () => {
    expect(matchName("Art", FUNDS).near).toEqual([]);
    expect(matchName("Building Fund", FUNDS).near).toEqual([]);
  });

  it("bounds the distance and stops early", () => {
    expect(editDistance("operations", "operatons", 2)).toBe(1);
    expect(editDistance("abcdef", "badcfe", 3)).toBe(3);
    expect(editDistance("short", "a much longer name", 2)).toBe(3);
  });
});

describe("filterNames", () => {
  it("puts names that start with the text first", () => {
    expect(filterNames("op", FUNDS).map((f) => f.name)).toEqual(["Operations", "Ops"]);
    expect(filterNames("ion", FUNDS).map((f) => f.name)).toEqual(["Operations", "Youth Nutrition"]);
  });
});
