import { describe, expect, it } from "vitest";
import { API_ENDPOINTS, HARBOR, callApi, connect, type TestEmulator, emulatorPerFile } from "./helpers";

let emu: TestEmulator;
emulatorPerFile((started) => (emu = started));

const UNAUTHORIZED = { valid: false, errors: ["Unauthorized"] };
const DISABLED = { valid: false, errors: ["Disabled integration"] };

function postStatus(token: string, data: unknown) {
  return callApi(emu, token, "/integrations/status", {
    method: "POST",
    body: JSON.stringify({ data }),
  });
}

describe("bearer authentication", () => {
  it("answers a missing Authorization header with 401 Unauthorized", async () => {
    const response = await fetch(`${emu.url}/admin/oauth2/api/v1/details`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(UNAUTHORIZED);
  });

  it.each(["Basic abc", "Bearer", "Bearer a b", "token abc"])(
    "answers a malformed header (%s) with 401",
    async (header) => {
      const response = await fetch(`${emu.url}/admin/oauth2/api/v1/details`, {
        headers: { Authorization: header },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(UNAUTHORIZED);
    },
  );

  it("answers an unknown token with 401 Unauthorized", async () => {
    const response = await callApi(emu, "unknown-token", "/details");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(UNAUTHORIZED);
  });

  it("accepts the scheme in any case", async () => {
    const { access_token } = await connect(emu);
    const response = await fetch(`${emu.url}/admin/oauth2/api/v1/details`, {
      headers: { Authorization: `bearer ${access_token}` },
    });
    expect(response.status).toBe(200);
  });
});

describe("GET /details", () => {
  it("answers the organization with a numeric id", async () => {
    const { access_token } = await connect(emu, { scope: "basic" });
    const response = await callApi(emu, access_token, "/details");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      organization: { id: 1001, name: "Riverside Food Bank" },
    });
  });

  it("answers the organization of the admin who authorized", async () => {
    const { access_token } = await connect(emu, { email: HARBOR.email });
    expect(await (await callApi(emu, access_token, "/details")).json()).toEqual({
      organization: { id: 1002, name: "Harbor Arts Collective" },
    });
  });

  it("answers 403 when the grant lacks the basic scope", async () => {
    const { access_token } = await connect(emu, { scope: "data_query data_add" });
    const response = await callApi(emu, access_token, "/details");
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      valid: false,
      errors: ["Insufficient scope: basic required"],
    });
  });

  it("counts API calls per path", async () => {
    const { access_token } = await connect(emu);
    await callApi(emu, access_token, "/details");
    await callApi(emu, access_token, "/details");
    expect(emu.state.stats.apiCalls["GET /admin/oauth2/api/v1/details"]).toBe(2);
  });
});

describe("POST /integrations/status", () => {
  it("stores the status and units on the grant", async () => {
    const { access_token } = await connect(emu);
    const response = await postStatus(access_token, { status: "Connected", units: "5" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ valid: true });
    const dump = (await (await fetch(`${emu.url}/__emulator/state`)).json()) as {
      grants: Array<{ integration_status: string; integration_units: string; status: string }>;
    };
    expect(dump.grants[0]).toMatchObject({
      integration_status: "Connected",
      integration_units: "5",
      status: "active",
    });
  });

  it.each([
    ["a missing data object", undefined],
    ["a missing status", { units: "5" }],
    ["units as a number", { status: "Connected", units: 5 }],
    ["units that are not a number", { status: "Connected", units: "five" }],
    ["an empty status", { status: " ", units: "1" }],
  ])("answers %s with 400 and errors", async (_label, data) => {
    const { access_token } = await connect(emu);
    const response = await postStatus(access_token, data);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { valid: boolean; errors: string[] };
    expect(body.valid).toBe(false);
    expect(body.errors.length).toBeGreaterThan(0);
  });

  it("answers a body that is not JSON with 400", async () => {
    const { access_token } = await connect(emu);
    const response = await callApi(emu, access_token, "/integrations/status", {
      method: "POST",
      body: "status=1",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ valid: false });
  });

  it("requires the basic scope", async () => {
    const { access_token } = await connect(emu, { scope: "data_query" });
    const response = await postStatus(access_token, { status: "Connected", units: "1" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      valid: false,
      errors: ["Insufficient scope: basic required"],
    });
  });

  it("disconnected with units 0 disables the integration on every endpoint", async () => {
    const { access_token } = await connect(emu);
    const response = await postStatus(access_token, { status: "DISCONNECTED", units: "0" });
    expect(response.status).toBe(200);
    for (const endpoint of [...API_ENDPOINTS, { path: "/imports", init: { method: "POST", body: "{}" } }]) {
      const answer = await callApi(emu, access_token, endpoint.path, endpoint.init);
      expect(answer.status, endpoint.path).toBe(401);
      expect(await answer.json()).toEqual(DISABLED);
    }
  });

  it("disconnected with units other than 0 leaves the integration active", async () => {
    const { access_token } = await connect(emu);
    await postStatus(access_token, { status: "disconnected", units: "3" });
    expect((await callApi(emu, access_token, "/details")).status).toBe(200);
  });
});

describe("unknown API paths", () => {
  it("answer 404 in the API error shape once authenticated", async () => {
    const { access_token } = await connect(emu);
    const response = await callApi(emu, access_token, "/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ valid: false });
  });
});
