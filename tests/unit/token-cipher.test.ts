import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { envelopeKeyId, open, seal, TokenCipherError } from "@/lib/connections/token-cipher";

const k1 = { id: "k1", key: randomBytes(32) };
const k2 = { id: "k2", key: randomBytes(32) };
const ctx = "playground:1001:access";

function tamper(
  envelope: string,
  part: number,
  flip = (s: string) => s.slice(0, -2) + (s.endsWith("A") ? "BA" : "AA"),
) {
  const parts = envelope.split(".");
  parts[part] = flip(parts[part]!);
  return parts.join(".");
}

describe("token cipher", () => {
  it("round-trips a token and never stores it in the clear", () => {
    const token = "access-token-" + "x".repeat(40);
    const envelope = seal(token, [k1], ctx);
    expect(envelope).not.toContain(token);
    expect(envelope.startsWith("v1.k1.")).toBe(true);
    expect(open(envelope, [k1], ctx)).toBe(token);
  });

  it("uses a fresh IV each time", () => {
    expect(seal("same", [k1], ctx)).not.toBe(seal("same", [k1], ctx));
  });

  it.each([
    ["iv", 2],
    ["tag", 3],
    ["ciphertext", 4],
  ])("detects a tampered %s", (_name, part) => {
    const envelope = seal("secret-value", [k1], ctx);
    expect(() => open(tamper(envelope, part), [k1], ctx)).toThrow(TokenCipherError);
  });

  it("refuses an envelope moved to another row or field", () => {
    const envelope = seal("secret-value", [k1], ctx);
    expect(() => open(envelope, [k1], "playground:1002:access")).toThrow(TokenCipherError);
    expect(() => open(envelope, [k1], "playground:1001:refresh")).toThrow(TokenCipherError);
  });

  it("refuses an envelope whose key id was rewritten to another known key", () => {
    const envelope = seal("secret-value", [k1, k2], ctx);
    const relabelled = envelope.replace(/^v1\.k1\./, "v1.k2.");
    expect(() => open(relabelled, [k1, k2], ctx)).toThrow(TokenCipherError);
  });

  it("rotates: new writes use the first key, older envelopes still open", () => {
    const old = seal("old-token", [k1], ctx);
    const keyring = [k2, k1];
    expect(open(old, keyring, ctx)).toBe("old-token");
    expect(envelopeKeyId(seal("new-token", keyring, ctx))).toBe("k2");
  });

  it("names an unknown key and rejects malformed envelopes", () => {
    const envelope = seal("secret-value", [k1], ctx);
    expect(() => open(envelope, [k2], ctx)).toThrow(/unknown key "k1"/);
    expect(() => open("not-an-envelope", [k1], ctx)).toThrow(/Malformed/);
    expect(() => open("v2.k1.a.b.c", [k1], ctx)).toThrow(/Malformed/);
  });
});

describe("token cipher tag length", () => {
  it("refuses a truncated authentication tag", () => {
    const envelope = seal("secret-value", [k1], ctx);
    const parts = envelope.split(".");
    parts[3] = Buffer.from(parts[3]!, "base64url").subarray(0, 4).toString("base64url");
    expect(() => open(parts.join("."), [k1], ctx)).toThrow(TokenCipherError);
  });
});
