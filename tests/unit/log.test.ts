import { describe, expect, it } from "vitest";
import { redactForLog } from "@/lib/log";

describe("log redaction", () => {
  it("replaces credential-looking fields at any depth and reduces errors to name and message", () => {
    const cleaned = redactForLog({
      connectionId: "c1",
      access_token: "AT",
      nested: { refreshToken: "RT", client_secret: "CS", code: "CODE", list: [{ authorization: "Bearer X" }] },
      error: Object.assign(new Error("boom"), { config: { headers: { Authorization: "Bearer Y" } } }),
    });
    const text = JSON.stringify(cleaned);
    for (const secret of ["AT", "RT", "CS", "CODE", "Bearer X", "Bearer Y"]) expect(text).not.toContain(secret);
    expect(cleaned).toMatchObject({ connectionId: "c1", error: { name: "Error", message: "boom" } });
  });
});
