import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv, redirectUri } from "@/lib/env";

const KEY = Buffer.alloc(32, 7).toString("base64");
const production = {
  NODE_ENV: "production",
  SERVICE_ENVIRONMENT: "production",
  SERVICE_BASE_URL: "https://app.example.org/",
  SERVICE_CLIENT_ID: "client",
  SERVICE_CLIENT_SECRET: "secret",
  NEXTAUTH_URL: "https://apportion.example.org",
  NEXTAUTH_SECRET: "s".repeat(40),
  TOKEN_ENCRYPTION_KEYS: `prod1:${KEY}`,
  DATABASE_URL: "postgresql://user@db.example.org/apportion",
};

function problems(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration", () => {
  it("gives development safe local defaults that point at the emulator", () => {
    const env = parseEnv({ NODE_ENV: "development" });
    expect(env.SERVICE_ENVIRONMENT).toBe("playground");
    expect(env.SERVICE_BASE_URL).toBe("http://127.0.0.1:4010");
    expect(env.SERVICE_SCOPES).toEqual(["basic", "data_query", "data_add"]);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(redirectUri(env)).toBe("http://localhost:3000/api/auth/callback/playground");
  });

  it("follows EMULATOR_PORT in development", () => {
    expect(parseEnv({ NODE_ENV: "development", EMULATOR_PORT: "4555" }).SERVICE_BASE_URL).toBe("http://127.0.0.1:4555");
  });

  it("accepts a complete production configuration", () => {
    const env = parseEnv(production);
    expect(env.SERVICE_BASE_URL).toBe("https://app.example.org");
    expect(env.TOKEN_ENCRYPTION_KEYS[0]?.id).toBe("prod1");
    expect(redirectUri(env)).toBe("https://apportion.example.org/api/auth/callback/production");
  });

  it("names every missing variable in production", () => {
    const message = problems({ NODE_ENV: "production" });
    for (const name of [
      "SERVICE_ENVIRONMENT",
      "SERVICE_BASE_URL",
      "SERVICE_CLIENT_ID",
      "SERVICE_CLIENT_SECRET",
      "NEXTAUTH_URL",
      "NEXTAUTH_SECRET",
      "TOKEN_ENCRYPTION_KEYS",
    ]) {
      expect(message).toContain(`${name}: is required`);
    }
    expect(message).not.toContain("DATABASE_URL");
  });

  it.each([
    ["SERVICE_BASE_URL", "ftp://x", "must be an http(s) URL"],
    ["SERVICE_ENVIRONMENT", "staging", "must be playground or production"],
    ["NEXTAUTH_SECRET", "short", "at least 32 characters"],
    ["TOKEN_ENCRYPTION_KEYS", "k1:c2hvcnQ=", "32 bytes in base64"],
    ["TOKEN_ENCRYPTION_KEYS", `k1:${KEY},k1:${KEY}`, "appears twice"],
    ["SERVICE_SCOPES", "basic admin", "unknown scope(s): admin"],
    ["SERVICE_SCOPES", "data_add", "must include basic"],
    ["DATABASE_URL", "mysql://x", "postgresql://"],
  ])("explains a malformed %s", (name, value, expected) => {
    const message = problems({ ...production, [name]: value });
    expect(message).toContain(name);
    expect(message).toContain(expected);
  });

  it("refuses the development secrets in production", () => {
    const dev = parseEnv({ NODE_ENV: "development" });
    const message = problems({
      ...production,
      NEXTAUTH_SECRET: dev.NEXTAUTH_SECRET,
      TOKEN_ENCRYPTION_KEYS: `dev1:${dev.TOKEN_ENCRYPTION_KEYS[0]!.key.toString("base64")}`,
    });
    expect(message).toContain("NEXTAUTH_SECRET: the development value is not allowed");
    expect(message).toContain("TOKEN_ENCRYPTION_KEYS: the development key is not allowed");
  });

  it.each(["NEXTAUTH_URL", "SERVICE_BASE_URL"])(
    "refuses http:// for %s in production, except to this machine",
    (name) => {
      expect(problems({ ...production, [name]: "http://apportion.example.org" })).toContain(
        `${name}: must be an https:// address in production (http:// only for localhost or 127.0.0.1)`,
      );
      for (const loopback of ["http://localhost:3000", "http://127.0.0.1:4010", "http://[::1]:3000"]) {
        expect(() => parseEnv({ ...production, [name]: loopback }), loopback).not.toThrow();
      }
      // A look-alike host is not this machine.
      expect(problems({ ...production, [name]: "http://localhost.example.org" })).toContain(name);
      expect(problems({ ...production, [name]: "http://127.0.0.1.example.org" })).toContain(name);
      // Development keeps plain http.
      expect(() => parseEnv({ NODE_ENV: "development", [name]: "http://apportion.test" })).not.toThrow();
    },
  );

  it("never echoes a secret's value in its message", () => {
    const message = problems({ ...production, NEXTAUTH_SECRET: "tiny-secret-value" });
    expect(message).not.toContain("tiny-secret-value");
  });
});
