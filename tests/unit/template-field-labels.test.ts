import { describe, expect, it } from "vitest";
import { flattenErrors, templateFieldLabel } from "@/lib/templates/field-labels";

describe("the template form's errors name their field", () => {
  it("names each field as the form shows it, a line's figure by its kind", () => {
    expect(templateFieldLabel("name")).toBe("Name");
    expect(templateFieldLabel("appliesTo.value")).toBe("What it applies to");
    expect(templateFieldLabel("lines.0.figure", ["percent"])).toBe("Line 1, percent");
    expect(templateFieldLabel("lines.1.figure", ["percent", "fixed"])).toBe("Line 2, amount");
    expect(templateFieldLabel("lines.2.fundId")).toBe("Line 3, fund id");
    expect(templateFieldLabel("lines.0.parentCampaign")).toBe("Line 1, parent campaign");
    expect(templateFieldLabel("lines")).toBe("Lines");
  });

  it("flattens react-hook-form's nested errors to paths, the array's own error under its name", () => {
    const errors = {
      name: { type: "too_small", message: "Give the template a name." },
      lines: [undefined, { figure: { type: "custom", message: "Enter a percentage." } }],
      appliesTo: { value: { message: "Say which campaign." } },
    };
    (errors.lines as unknown as { root: unknown }).root = { message: "One line, exactly, takes the rest." };
    expect(flattenErrors(errors)).toEqual([
      { path: "name", message: "Give the template a name." },
      { path: "lines.1.figure", message: "Enter a percentage." },
      { path: "lines", message: "One line, exactly, takes the rest." },
      { path: "appliesTo.value", message: "Say which campaign." },
    ]);
  });
});
