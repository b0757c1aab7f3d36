// The page number typed into the gifts list's "Go to page" field.
import { describe, expect, it } from "vitest";
import { parsePageNumber } from "@/lib/transactions/page-number";

describe("parsePageNumber", () => {
  it("takes a whole page number within the list, with or without thousands separators", () => {
    expect(parsePageNumber("1", 8001)).toEqual({ ok: true, value: 1 });
    expect(parsePageNumber(" 8001 ", 8001)).toEqual({ ok: true, value: 8001 });
    expect(parsePageNumber("4,000", 8001)).toEqual({ ok: true, value: 4000 });
  });

  it.each([
    ["", "Enter a page number from 1 to 8,001."],
    ["0", "Enter a page number from 1 to 8,001."],
    ["8002", "Enter a page number from 1 to 8,001."],
    ["99999999999999999999", "Enter a page number from 1 to 8,001. Use digits only."],
    ["-3", "Enter a page number from 1 to 8,001. Use digits only."],
    ["2.5", "Enter a page number from 1 to 8,001. Use digits only."],
    ["abc", "Enter a page number from 1 to 8,001. Use digits only."],
    ["1e3", "Enter a page number from 1 to 8,001. Use digits only."],
    ["40,00", "Enter a page number from 1 to 8,001. Use digits only."],
  ])("refuses %j with a message", (text, error) => {
    expect(parsePageNumber(text, 8001)).toEqual({ ok: false, error });
  });
});
