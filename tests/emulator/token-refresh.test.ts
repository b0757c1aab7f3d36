import { describe, expect, it } from "vitest";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  callApi,
  connect,
  exchangeCode,
  expectOAuthError,
  getCode,
  pkcePair,
  postForm,
  postJson,
  refresh,
  validAuthorizeParams,
  type TestEmulator,
  emulatorPerFile,
} from "./helpers";

let emu: TestEmulator;
let tokenUrl: string;
emulatorPerFile((started) => {
  emu = started;
  tokenUrl = `${emu.url}/admin/oauth2/token`;
});

describe("PKCE", () => {
  async function codeWithChallenge(challenge: string) {
    const params = validAuthorizeParams({
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    return getCode(emu, { params });
  }

  it("accepts the right verifier", async () => {
    const { verifier, challenge } = pkcePair();
    const response = await exchangeCode(emu, await codeWithChallenge(challenge), {
      code_verifier: verifier,
    });
    expect(response.status).toBe(200);
  });

  it("refuses a wrong verifier", async () => {
    const { challenge } = pkcePair();
    const response = await exchangeCode(emu, await codeWithChallenge(challenge), {
      code_verifier: pkcePair().verifier,
    });
    await expectOAuthError(response, 400, "invalid_grant");
  });

  it("refuses a missing verifier when a challenge was sent", async () => {
    const { challenge } = pkcePair();
    await expectOAuthError(await exchangeCode(emu, await codeWithChallenge(challenge)), 400, "invalid_grant");
  });

  it("refuses a verifier for a code issued without a challenge (downgrade)", async () => {
    const response = await exchangeCode(emu, await getCode(emu), {
      code_verifier: pkcePair().verifier,
    });
    await expectOAuthError(response, 400, "invalid_grant");
  });

  it("keeps the code usable after a failed verifier attempt", async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeWithChallenge(challenge);
    await exchangeCode(emu, code, { code_verifier: pkcePair().verifier });
    expect((await exchangeCode(emu, code, { code_verifier: verifier })).status).toBe(200);
  });
});

describe("refresh_token grant", () => {
  it("rotates both tokens and answers numbers for expires_in and created_at", async () => {
    const first = await connect(emu);
    emu.clock.ms += 10_000;
    const response = await refresh(emu, first.refresh_token);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const second = (await response.json()) as Record<string, unknown>;
    expect(second.token_type).toBe("bearer");
    expect(second.expires_in).toBe(2508735);
    expect(second.created_at).toBe(Math.floor(emu.clock.ms / 1000));
    expect(second.scope).toBe("basic data_add data_query");
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);

    await expectOAuthError(await refresh(emu, first.refresh_token), 400, "invalid_grant");
    const old = await callApi(emu, first.access_token, "/details");
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual({ valid: false, errors: ["Unauthorized"] });
    expect((await callApi(emu, String(second.access_token), "/details")).status).toBe(200);
    expect((await refresh(emu, String(second.refresh_token))).status).toBe(200);
  });

  it("refuses a form body, saying the body must be JSON", async () => {
    const { refresh_token } = await connect(emu);
    const response = await postForm(tokenUrl, {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      grant_type: "refresh_token",
      refresh_token,
    });
    const body = await expectOAuthError(response, 400, "invalid_request");
    expect(body.error_description).toMatch(/JSON/);
    // The refused request did not consume the token.
    expect((await refresh(emu, refresh_token)).status).toBe(200);
  });

  it("refuses an unknown refresh token", async () => {
    await expectOAuthError(await refresh(emu, "unknown"), 400, "invalid_grant");
  });

  it("refuses a wrong client secret", async () => {
    const { refresh_token } = await connect(emu);
    const response = await postJson(tokenUrl, {
      client_id: CLIENT_ID,
      client_secret: "nope",
      grant_type: "refresh_token",
      refresh_token,
    });
    await expectOAuthError(response, 401, "invalid_client");
  });

  it("counts refresh requests", async () => {
    const { refresh_token } = await connect(emu);
    await refresh(emu, refresh_token);
    expect(emu.state.stats.tokenRequests.refresh_token).toBe(1);
  });
});
