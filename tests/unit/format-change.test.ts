// The one sign rule of every before → after → change table (components/ui/moves-table.tsx).
import { describe, expect, it } from "vitest";
import { formatChange } from "@/lib/splits/format-change";

describe("formatChange", () => {
  it("signs money arriving with + and money leaving with a true minus (U+2212)", () => {
    expect(formatChange(6000, "USD")).toBe("+$60.00");
    expect(formatChange(-10000, "USD")).toBe("\u2212$100.00");
    expect(formatChange(-1, "USD")).toBe("\u2212$0.01");
  });

  it("says no change for zero rather than a signed zero", () => {
    expect(formatChange(0, "USD")).toBe("no change");
  });

  it("formats in the row's own currency", () => {
    expect(formatChange(-250, "EUR")).toBe("\u2212€2.50");
  });
});
