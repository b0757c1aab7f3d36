import { describe, expect, it } from "vitest";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  REDIRECT_URI,
  basicAuth,
  callApi,
  connect,
  exchangeCode,
  expectOAuthError,
  getCode,
  postForm,
  postJson,
  refresh,
  startTestEmulator,
  type TestEmulator,
  emulatorPerFile,
} from "./helpers";

let emu: TestEmulator;
let tokenUrl: string;
emulatorPerFile((started) => {
  emu = started;
  tokenUrl = `${emu.url}/admin/oauth2/token`;
});

describe("authorization_code grant", () => {
  it("exchanges a code sent as a form body; expires_in and created_at are numeric strings", async () => {
    const response = await exchangeCode(emu, await getCode(emu));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ["access_token", "created_at", "expires_in", "refresh_token", "scope", "token_type"].sort(),
    );
    expect(body.token_type).toBe("bearer");
    expect(body.expires_in).toBe("2508735");
    expect(body.created_at).toBe(String(Math.floor(emu.clock.ms / 1000)));
    expect(body.scope).toBe("basic data_add data_query");
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(body.access_token).not.toBe(body.refresh_token);
  });

  it("exchanges a code sent as a JSON body", async () => {
    const code = await getCode(emu);
    const response = await postJson(tokenUrl, {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      code,
      grant_type: "authorization_code",
      redirect_uri: REDIRECT_URI,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.expires_in).toBe("2508735");
    expect(typeof body.created_at).toBe("string");
  });

  it("accepts client credentials through HTTP Basic", async () => {
    const code = await getCode(emu);
    const response = await postForm(
      tokenUrl,
      { code, grant_type: "authorization_code", redirect_uri: REDIRECT_URI },
      { Authorization: basicAuth(CLIENT_ID, CLIENT_SECRET) },
    );
    expect(response.status).toBe(200);
  });

  it("refuses a reused code and revokes the tokens issued from it", async () => {
    const code = await getCode(emu);
    const first = (await (await exchangeCode(emu, code)).json()) as {
      access_token: string;
      refresh_token: string;
    };
    expect((await callApi(emu, first.access_token, "/details")).status).toBe(200);

    await expectOAuthError(await exchangeCode(emu, code), 400, "invalid_grant");
    const api = await callApi(emu, first.access_token, "/details");
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ valid: false, errors: ["Unauthorized"] });
    await expectOAuthError(await refresh(emu, first.refresh_token), 400, "invalid_grant");
  });

  it("refuses an expired code (default TTL 60 s)", async () => {
    const code = await getCode(emu);
    emu.clock.ms += 60_000;
    await expectOAuthError(await exchangeCode(emu, code), 400, "invalid_grant");
  });

  it("honours a configured code TTL", async () => {
    const short = await startTestEmulator({ codeTtlSeconds: 5 });
    try {
      const fresh = await getCode(short);
      short.clock.ms += 4_000;
      expect((await exchangeCode(short, fresh)).status).toBe(200);
      const stale = await getCode(short);
      short.clock.ms += 5_001;
      await expectOAuthError(await exchangeCode(short, stale), 400, "invalid_grant");
    } finally {
      await short.close();
    }
  });

  it("answers a wrong secret with 401 invalid_client", async () => {
    const response = await exchangeCode(emu, await getCode(emu), { client_secret: "nope" });
    await expectOAuthError(response, 401, "invalid_client");
    expect(response.headers.get("www-authenticate")).toBeNull();
  });

  it("answers a wrong secret over HTTP Basic with WWW-Authenticate", async () => {
    const code = await getCode(emu);
    const response = await postForm(
      tokenUrl,
      { code, grant_type: "authorization_code", redirect_uri: REDIRECT_URI },
      { Authorization: basicAuth(CLIENT_ID, "nope") },
    );
    await expectOAuthError(response, 401, "invalid_client");
    expect(response.headers.get("www-authenticate")).toMatch(/^Basic /);
  });

  it("answers an unknown client with 401 invalid_client", async () => {
    const response = await exchangeCode(emu, await getCode(emu), { client_id: "someone-else" });
    await expectOAuthError(response, 401, "invalid_client");
  });

  it("answers missing client credentials with 401 invalid_client", async () => {
    const code = await getCode(emu);
    const response = await postForm(tokenUrl, {
      code,
      grant_type: "authorization_code",
      redirect_uri: REDIRECT_URI,
    });
    await expectOAuthError(response, 401, "invalid_client");
  });

  it("refuses a redirect_uri that differs from the authorize request", async () => {
    const response = await exchangeCode(emu, await getCode(emu), {
      redirect_uri: `${REDIRECT_URI}/`,
    });
    await expectOAuthError(response, 400, "invalid_grant");
  });

  it("refuses an unknown code", async () => {
    await expectOAuthError(await exchangeCode(emu, "not-a-code"), 400, "invalid_grant");
  });

  it.each([
    ["code", "invalid_request"],
    ["redirect_uri", "invalid_request"],
    ["grant_type", "invalid_request"],
  ])("answers a missing %s with %s", async (name, error) => {
    const response = await exchangeCode(emu, await getCode(emu), { [name]: "" });
    await expectOAuthError(response, 400, error);
  });

  it("answers an unknown grant type with unsupported_grant_type", async () => {
    const response = await exchangeCode(emu, await getCode(emu), { grant_type: "password" });
    await expectOAuthError(response, 400, "unsupported_grant_type");
  });

  it("answers an unsupported body encoding with invalid_request", async () => {
    const response = await fetch(tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "x",
    });
    await expectOAuthError(response, 400, "invalid_request");
  });

  it("counts token requests per grant type", async () => {
    await connect(emu);
    await exchangeCode(emu, "bad");
    expect(emu.state.stats.tokenRequests).toEqual({
      authorization_code: 2,
      refresh_token: 0,
      other: 0,
    });
  });
});
