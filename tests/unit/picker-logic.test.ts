import { describe, expect, it } from "vitest";
import { choiceFor, keptParent, resolveTyped } from "@/components/name-picker/picker-logic";
import { menuItems } from "@/components/name-picker/picker-menu";

const FUNDS = [
  { name: "General", id: null },
  { name: "Operations", id: "3100103" },
  { name: "Youth Nutrition", id: "3100104" },
];

describe("picker menu", () => {
  it("offers the near match first and creating the typed name last, explicitly", () => {
    const { items } = menuItems("Operatons", FUNDS, "fund");
    expect(items[0]).toMatchObject({ kind: "option", nearMatch: true, option: { name: "Operations" } });
    expect(items.at(-1)).toEqual({ kind: "create", name: "Operatons" });
  });

  it("never offers to create a name that exists", () => {
    expect(menuItems("Operations", FUNDS, "fund").items).toEqual([
      { kind: "option", nearMatch: false, option: FUNDS[1] },
    ]);
  });

  it("lists every name, with the explicit default or no-parent choice, when nothing is typed", () => {
    expect(menuItems("", FUNDS, "campaign").items.at(-1)).toEqual({ kind: "default" });
    expect(menuItems("", FUNDS, "parent").items[0]).toEqual({ kind: "none" });
    expect(menuItems("", FUNDS, "fund").items).toHaveLength(3);
  });

  it("gives a known name with its id, a created name without one", () => {
    expect(choiceFor({ kind: "option", option: FUNDS[1]!, nearMatch: true })).toEqual({
      name: "Operations",
      id: "3100103",
      status: "known",
    });
    expect(choiceFor({ kind: "create", name: "Capital" })).toEqual({ name: "Capital", id: "", status: "new" });
  });
});

describe("text left in a picker without a choice", () => {
  it("is the known name when it is exactly one", () => {
    expect(resolveTyped(" Operations ", FUNDS, "fund")).toMatchObject({ status: "known", id: "3100103" });
  });

  it("stays unresolved, never sent, when it is not", () => {
    expect(resolveTyped("Operatons", FUNDS, "fund")).toEqual({ name: "Operatons", id: "", status: "unresolved" });
    expect(resolveTyped("operations", FUNDS, "fund").status).toBe("unresolved");
  });

  it("is no name when it is blank, so a blank never reaches the service's default", () => {
    expect(resolveTyped("  ", FUNDS, "campaign")).toEqual({ name: "", id: "", status: "none" });
  });
});

describe("the parent campaign's placeholder", () => {
  const campaigns = [
    { name: "Spring Food Drive", id: "c1", parent: "Annual Appeal 2026" },
    { name: "Holiday Meals", id: "c2", parent: null },
  ];
  it("names the parent a blank parent keeps, when the campaign is known to have one", () => {
    expect(keptParent("Spring Food Drive", campaigns)).toBe("Same parent: Annual Appeal 2026");
    expect(keptParent("Holiday Meals", campaigns)).toBeUndefined();
    expect(keptParent("A new campaign", campaigns)).toBeUndefined();
    expect(keptParent("", campaigns)).toBeUndefined();
  });
});
