import { describe, expect, it } from "vitest";
import { tokenResponseSchema } from "@/lib/service/schemas";

describe("token response parsing", () => {
  it("reads the initial grant's numeric strings as numbers", () => {
    const parsed = tokenResponseSchema.parse({
      access_token: "a",
      token_type: "bearer",
      expires_in: "2508735",
      scope: "basic data_add",
      created_at: "1763769600",
    });
    expect(parsed.expires_in).toBe(2508735);
    expect(parsed.created_at).toBe(1763769600);
    expect(parsed.refresh_token).toBeUndefined();
  });

  it("reads the refresh answer's numbers as they are", () => {
    const parsed = tokenResponseSchema.parse({
      access_token: "a",
      token_type: "Bearer",
      expires_in: 7200,
      refresh_token: "r",
      scope: "basic",
      created_at: 1763769600,
    });
    expect(parsed).toMatchObject({ expires_in: 7200, created_at: 1763769600, refresh_token: "r" });
  });

  it.each([
    ["a non-numeric expires_in", { expires_in: "soon" }],
    ["a negative numeric string", { expires_in: "-5" }],
    ["an empty access token", { access_token: "" }],
    ["another token type", { token_type: "mac" }],
    ["a boolean created_at", { created_at: true }],
  ])("rejects %s", (_name, patch) => {
    const base = { access_token: "a", token_type: "bearer", expires_in: "10", created_at: "1" };
    expect(tokenResponseSchema.safeParse({ ...base, ...patch }).success).toBe(false);
  });
});
