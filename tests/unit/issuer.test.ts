import { describe, expect, it } from "vitest";
import { isForeignIssuer } from "@/lib/auth/issuer";
import { parseEnv } from "@/lib/env";

describe("the issuer of an authorization answer (RFC 9207)", () => {
  const env = parseEnv({ NODE_ENV: "development", SERVICE_BASE_URL: "https://app-playground.kindful.com" });

  it("may be absent: the service's documentation shows none", () => {
    expect(isForeignIssuer(undefined, env)).toBe(false);
  });

  it("must otherwise be this environment's, exactly", () => {
    expect(isForeignIssuer("https://app-playground.kindful.com", env)).toBe(false);
    expect(isForeignIssuer("https://app.kindful.com", env)).toBe(true);
    expect(isForeignIssuer("https://app-playground.kindful.com/", env)).toBe(true);
    expect(isForeignIssuer("", env)).toBe(true);
  });

  it("is SERVICE_ISSUER when that is configured", () => {
    const configured = parseEnv({ ...process.env, NODE_ENV: "development", SERVICE_ISSUER: "https://id.example.org/" });
    expect(isForeignIssuer("https://id.example.org/", configured)).toBe(false);
    expect(isForeignIssuer(configured.SERVICE_BASE_URL, configured)).toBe(true);
  });

  it("is refused when named more than once, whatever the values and their order", () => {
    const ours = "https://app-playground.kindful.com";
    expect(isForeignIssuer(["https://evil.example", ours], env)).toBe(true);
    expect(isForeignIssuer([ours, "https://evil.example"], env)).toBe(true);
    expect(isForeignIssuer([ours, ours], env)).toBe(true);
    expect(isForeignIssuer([ours], env)).toBe(false);
  });
});
