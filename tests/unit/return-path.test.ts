import { describe, expect, it } from "vitest";
import { returnPath } from "@/lib/return-path";

describe("return path after connecting", () => {
  it("keeps a path of this app, with its query", () => {
    expect(returnPath("/transactions/51001001")).toBe("/transactions/51001001");
    expect(returnPath("/history?status=needs_attention&source=csv")).toBe("/history?status=needs_attention&source=csv");
    expect(returnPath("/bulk/3b1c")).toBe("/bulk/3b1c");
  });

  it("refuses anything that could leave the origin, or is no page", () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "/\\/evil.example",
      "javascript:alert(1)",
      "transactions",
      "/ x",
      "/x\nSet-Cookie: a=b",
      "/",
      "/?signed_out=1",
      "/api/auth/signout",
      `/${"a".repeat(2_001)}`,
      undefined,
      ["/history"],
    ]) {
      expect(returnPath(bad)).toBe("/transactions");
    }
  });
});
