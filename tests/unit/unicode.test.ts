import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readJsonBody } from "@/lib/http/json-body";
import { AppError } from "@/lib/app-error";
import { savedRuleSchema } from "@/lib/bulk/rule";
import { splitRowSchema } from "@/lib/splits/schema";
import { findUnstorableText, hasLoneSurrogate, pathSegmentProblem, textProblem, TEXT_LIMIT } from "@/lib/unicode";
import { splitRowInput } from "../support/split-input";

describe("half of a surrogate pair", () => {
  it("is told apart from whole characters, emoji included", () => {
    expect(hasLoneSurrogate("\ud800")).toBe(true);
    expect(hasLoneSurrogate("a\udc00b")).toBe(true);
    expect(hasLoneSurrogate("\udc00\ud800")).toBe(true); // a low then a high: both alone
    expect(hasLoneSurrogate("Été 🎉 \u{10348}")).toBe(false);
  });

  it("is found anywhere in a JSON value, keys included, by its path", () => {
    const value = JSON.parse('{"a":["ok","x\\ud800"],"b":{"\\udfff":"v"},"c":1}') as unknown;
    expect(findUnstorableText(value).map((r) => r.path)).toEqual([
      ["a", 1],
      ["b", "\udfff"],
    ]);
  });

  it("is refused by the field's own schema, in its words", () => {
    const row = splitRowSchema.safeParse(splitRowInput("t:1", "1.00", { fund: "Gen\ud800eral" }));
    expect(row.success).toBe(false);
    expect(row.error?.issues[0]).toMatchObject({
      path: ["fund"],
      message: "Fund contains an incomplete character (half of an emoji or symbol); retype it.",
    });
    const rule = savedRuleSchema.safeParse({
      name: "\udbff",
      rule: { lines: [{ fund: "General", percent: "100" }], leftoverLine: 0 },
    });
    expect(rule.error?.issues[0]?.path).toEqual(["name"]);
  });

  it("is refused in any string of a route's body that no schema names", async () => {
    const body = '{"id":"x\\ud800"}';
    const request = new Request("http://localhost/api/x", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    const error = await readJsonBody(request, z.object({ id: z.string() })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(z.ZodError);
    expect((error as z.ZodError).issues[0]?.path).toEqual(["id"]);
    expect(error).not.toBeInstanceOf(AppError);
  });
});

describe("the one text rule (NUL, lone surrogate, length)", () => {
  it("words each refusal, and lets ordinary text through", () => {
    expect(textProblem("5100\u00001005")).toMatch(/NUL character/);
    expect(textProblem("x\ud800")).toMatch(/incomplete character/);
    expect(textProblem("a".repeat(TEXT_LIMIT + 1))).toBe("is longer than 10,000 characters.");
    expect(textProblem("Été 🎉 Fünd Ärger")).toBeNull();
  });

  it("is refused in any string of a body by its path: NUL, nested in a list", async () => {
    const request = new Request("http://localhost/api/x", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ removedSplitIds: ["ok", "5100\u00001005:1"] }),
    });
    const error = await readJsonBody(request, z.object({ removedSplitIds: z.array(z.string()) })).catch(
      (e: unknown) => e,
    );
    expect((error as z.ZodError).issues).toMatchObject([
      { path: ["removedSplitIds", 1], message: expect.stringMatching(/NUL character/) as unknown },
    ]);
  });

  it("judges an address segment decoded or not", () => {
    expect(pathSegmentProblem("5100%001005")).toMatch(/NUL/);
    expect(pathSegmentProblem("5100\u00001005")).toMatch(/NUL/);
    expect(pathSegmentProblem("ext-50%")).toBeNull();
    expect(pathSegmentProblem("51001005")).toBeNull();
  });
});
