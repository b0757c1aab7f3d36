// Which item a picker highlights after each key press (components/name-picker/picker-keys.ts):
// "Create new …" is never one key press away from typed text that matches known names.
import { describe, expect, it } from "vitest";
import { highlightAfterTyping, type HighlightKey, nextHighlight } from "@/components/name-picker/picker-keys";
import type { MenuItem } from "@/components/name-picker/picker-logic";
import { menuItems } from "@/components/name-picker/picker-menu";

const FUNDS = [
  { name: "General", id: null },
  { name: "Food Purchasing", id: "3100102" },
  { name: "Operations", id: "3100103" },
  { name: "Youth Nutrition", id: "3100104" },
  { name: "Food Bank Partners", id: "3100105" },
];

function label(item: MenuItem | undefined): string {
  if (!item) return "(none)";
  if (item.kind === "create") return `Create “${item.name}”`;
  if (item.kind === "option") return item.nearMatch ? `Did you mean ${item.option.name}?` : item.option.name;
  return item.kind;
}

/** Types `text`, then presses `keys`: the highlighted item after typing and after each key. */
function press(text: string, keys: HighlightKey[], options = FUNDS): string[] {
  const { items } = menuItems(text, options, "fund");
  let index = highlightAfterTyping(text, options, "fund");
  let armed = false;
  const seen = [label(items[index])];
  for (const key of keys) {
    const next = nextHighlight(items, index, key, armed);
    if (!next) throw new Error(`nothing guarded for “${text}”: downshift's own move applies`);
    ({ index, armed } = next);
    seen.push(label(items[index]));
  }
  return seen;
}

describe("a partial match with one completion: “Food Purchasing” minus its end", () => {
  const one = FUNDS.filter((f) => f.name !== "Food Bank Partners");
  it("typing highlights the one completion; ArrowDown stays on it once, the second reaches Create", () => {
    expect(press("Food", ["ArrowDown", "ArrowDown", "ArrowDown"], one)).toEqual([
      "Food Purchasing",
      "Food Purchasing",
      "Create “Food”",
      "Food Purchasing",
    ]);
  });
  it("ArrowUp, Home, End, PageUp and PageDown stay among the known names", () => {
    for (const key of ["ArrowUp", "Home", "End", "PageUp", "PageDown"] as const) {
      expect(press("Food", [key], one)).toEqual(["Food Purchasing", "Food Purchasing"]);
    }
  });
  it("a key other than ArrowDown in between disarms it: Create still takes two ArrowDowns", () => {
    expect(press("Food", ["ArrowDown", "ArrowUp", "ArrowDown", "ArrowDown"], one)).toEqual([
      "Food Purchasing",
      "Food Purchasing",
      "Food Purchasing",
      "Food Purchasing",
      "Create “Food”",
    ]);
  });
  it("ArrowUp from Create goes back to the last known name", () => {
    expect(press("Food", ["ArrowDown", "ArrowDown", "ArrowUp"], one)).toEqual([
      "Food Purchasing",
      "Food Purchasing",
      "Create “Food”",
      "Food Purchasing",
    ]);
  });
});

describe("a partial match with several completions", () => {
  it("nothing is highlighted after typing; ArrowDown walks the known names, stops at the last, then Create", () => {
    expect(press("Food", ["ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown"])).toEqual([
      "(none)",
      "Food Purchasing",
      "Food Bank Partners",
      "Food Bank Partners",
      "Create “Food”",
    ]);
  });
  it("ArrowUp from nothing is the last known name, never Create; ArrowUp at the first goes round the known names", () => {
    expect(press("Food", ["ArrowUp", "ArrowUp", "ArrowUp"])).toEqual([
      "(none)",
      "Food Bank Partners",
      "Food Purchasing",
      "Food Bank Partners",
    ]);
  });
  it("Home is the first known name and End the last", () => {
    expect(press("Food", ["End", "Home", "End"])).toEqual([
      "(none)",
      "Food Bank Partners",
      "Food Purchasing",
      "Food Bank Partners",
    ]);
  });
  it("“Gen” highlights General and ArrowDown keeps it there", () => {
    expect(press("Gen", ["ArrowDown"])).toEqual(["General", "General"]);
    expect(press("Gen", ["ArrowDown", "ArrowDown"])).toEqual(["General", "General", "Create “Gen”"]);
  });
});

describe("a near match (“Did you mean …?”)", () => {
  it("is never highlighted by typing; ArrowDown reaches it, Create takes two more", () => {
    expect(press("Operatons", ["ArrowDown", "ArrowDown", "ArrowDown"])).toEqual([
      "(none)",
      "Did you mean Operations?",
      "Did you mean Operations?",
      "Create “Operatons”",
    ]);
    expect(press("Operatons", ["ArrowUp"])).toEqual(["(none)", "Did you mean Operations?"]);
  });
});

describe("lists with nothing to guard: downshift's own moves", () => {
  it("an exact match offers no Create at all, and is highlighted", () => {
    const { items } = menuItems("Operations", FUNDS, "fund");
    expect(items.some((i) => i.kind === "create")).toBe(false);
    expect(highlightAfterTyping("Operations", FUNDS, "fund")).toBe(0);
    expect(nextHighlight(items, 0, "ArrowDown", false)).toBeNull();
  });
  it("no match at all: Create is the only item, not highlighted by typing, one deliberate ArrowDown away", () => {
    const { items } = menuItems("Capital", FUNDS, "fund");
    expect(items.map(label)).toEqual(["Create “Capital”"]);
    expect(highlightAfterTyping("Capital", FUNDS, "fund")).toBe(-1);
    expect(nextHighlight(items, -1, "ArrowDown", false)).toBeNull();
  });
});
