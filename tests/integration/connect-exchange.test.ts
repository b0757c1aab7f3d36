// The provider's code exchange against the emulator: each way it can fail is told apart, so the
// admin sees a precise message (lib/auth/connect-failure.ts).
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "@/emulator/server";
import { type ConnectFailure, trackConnectAttempt } from "@/lib/auth/connect-failure";
import { serviceProvider } from "@/lib/auth/service-provider";
import { clearEnvCache, getEnv } from "@/lib/env";
import { authorizationCode } from "../support/connected-org";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  process.env.SERVICE_BASE_URL = emulator.url;
  clearEnvCache();
});
afterAll(async () => {
  await emulator.close();
  delete process.env.SERVICE_CLIENT_SECRET;
  clearEnvCache();
});

type Exchange = (ctx: {
  params: Record<string, string | undefined>;
  checks: Record<string, string | undefined>;
}) => Promise<{
  tokens: Record<string, unknown>;
}>;

function exchange() {
  // The test drives the handler without next-auth's client and provider arguments, which it does not use.
  const token = serviceProvider(getEnv()).token as unknown as { request: Exchange };
  return token.request;
}

async function attempt(params: Record<string, string | undefined>, checks: Record<string, string | undefined>) {
  const { result, failure } = await trackConnectAttempt(() =>
    exchange()({ params, checks }).then(
      (answer) => answer,
      () => null,
    ),
  );
  return { tokens: result?.tokens, failure };
}

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

describe("code exchange", () => {
  it("succeeds with state and PKCE, parsing the numeric-string fields", async () => {
    const { verifier, challenge } = pkce();
    const code = await authorizationCode(emulator, { codeChallenge: challenge });
    const { tokens, failure } = await attempt({ code, state: "s1" }, { state: "s1", code_verifier: verifier });
    expect(failure).toBeUndefined();
    expect(typeof tokens?.expires_in).toBe("number");
    expect(typeof tokens?.created_at).toBe("number");
    expect(tokens?.refresh_token).toEqual(expect.any(String));
  });

  it.each<[string, Record<string, string | undefined>, ConnectFailure]>([
    ["a forged state", { state: "forged" }, "state_invalid"],
    ["a missing state", { state: undefined }, "state_invalid"],
  ])("refuses %s before calling the service", async (_name, patch, expected) => {
    const code = await authorizationCode(emulator);
    const { failure } = await attempt({ code, state: "s1", ...patch }, { state: "s1" });
    expect(failure).toBe(expected);
    // The code was not spent: the state check comes first.
    expect((await attempt({ code, state: "s1" }, { state: "s1" })).failure).toBeUndefined();
  });

  it("tells a reused code apart", async () => {
    const code = await authorizationCode(emulator);
    expect((await attempt({ code, state: "s" }, { state: "s" })).failure).toBeUndefined();
    expect((await attempt({ code, state: "s" }, { state: "s" })).failure).toBe("code_rejected");
  });

  it("tells a wrong PKCE verifier apart", async () => {
    const { challenge } = pkce();
    const code = await authorizationCode(emulator, { codeChallenge: challenge });
    const { failure } = await attempt({ code, state: "s" }, { state: "s", code_verifier: pkce().verifier });
    expect(failure).toBe("code_rejected");
  });

  it("tells rejected client credentials apart", async () => {
    const code = await authorizationCode(emulator);
    process.env.SERVICE_CLIENT_SECRET = "not-the-secret";
    clearEnvCache();
    try {
      expect((await attempt({ code, state: "s" }, { state: "s" })).failure).toBe("client_rejected");
    } finally {
      delete process.env.SERVICE_CLIENT_SECRET;
      clearEnvCache();
    }
  });

  it("tells an unreachable service apart", async () => {
    process.env.SERVICE_BASE_URL = "http://127.0.0.1:9";
    clearEnvCache();
    try {
      expect((await attempt({ code: "x", state: "s" }, { state: "s" })).failure).toBe("service_unreachable");
    } finally {
      process.env.SERVICE_BASE_URL = emulator.url;
      clearEnvCache();
    }
  });
});
