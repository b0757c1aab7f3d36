import { describe, expect, it } from "vitest";
import {
  CLIENT_ID,
  REDIRECT_URI,
  RIVERSIDE,
  RIVERSIDE_LOGIN,
  authorizeUrl,
  getCode,
  postForm,
  startTestEmulator,
  submitConsent,
  validAuthorizeParams,
  type TestEmulator,
  emulatorPerFile,
} from "./helpers";

let emu: TestEmulator;
emulatorPerFile((started) => (emu = started));

async function getAuthorize(params: Record<string, string>) {
  return fetch(authorizeUrl(emu, params), { redirect: "manual" });
}

function redirectParams(response: Response): URLSearchParams {
  expect(response.status).toBe(302);
  const location = response.headers.get("location") ?? "";
  expect(location.startsWith(`${REDIRECT_URI}?`)).toBe(true);
  return new URL(location).searchParams;
}

describe("GET /admin/oauth2/authorize", () => {
  it("shows a self-contained sign-in and consent page for a valid request", async () => {
    const response = await getAuthorize(validAuthorizeParams());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain("<title>Sign in to authorize Apportion");
    expect(page).toMatch(/<label for="email">Email<\/label>/);
    expect(page).toMatch(/<label for="password">Password<\/label>/);
    expect(page).toContain(">Allow</button>");
    expect(page).toContain(">Deny</button>");
    expect(page).toContain("See your organization&#39;s account details and set the integration status");
    expect(page).toContain("Create and update records, such as splitting transactions");
    expect(page).toContain("Read your contacts and transactions");
    expect(page).toContain("admin@riverside.example");
    expect(page).toContain("admin@harbor.example");
    expect(page).toContain('<form method="post" action="/admin/oauth2/authorize">');
    expect(page).toContain('<input type="hidden" name="state" value="state-123" />');
    // No scripts and no external resources.
    expect(page).not.toMatch(/<script|<link|src=|https?:\/\/(?!127\.0\.0\.1:3999)/);
  });

  it("lists only the requested scopes", async () => {
    const page = await (await getAuthorize(validAuthorizeParams({ scope: "data_query" }))).text();
    expect(page).toContain("Read your contacts and transactions");
    expect(page).not.toContain("splitting transactions");
  });

  it("escapes request values on the page", async () => {
    const page = await (await getAuthorize(validAuthorizeParams({ state: '"><script>alert(1)</script>' }))).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&quot;&gt;&lt;script&gt;");
  });

  it.each([
    ["an unknown client_id", { client_id: "someone-else" }],
    ["a missing client_id", { client_id: "" }],
    ["a redirect_uri with a trailing slash", { redirect_uri: `${REDIRECT_URI}/` }],
    ["a redirect_uri with an extra query", { redirect_uri: `${REDIRECT_URI}?next=/` }],
    ["a redirect_uri on another host", { redirect_uri: "https://evil.example/callback" }],
    ["a missing redirect_uri", { redirect_uri: "" }],
  ])("answers %s with a 400 page, never a redirect", async (_label, override) => {
    const response = await getAuthorize(validAuthorizeParams(override));
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("content-type")).toContain("text/html");
  });

  it.each([
    ["an unknown scope", { scope: "basic admin" }, "invalid_scope"],
    ["a missing scope", { scope: "" }, "invalid_scope"],
    ["response_type token", { response_type: "token" }, "unsupported_response_type"],
    ["a missing response_type", { response_type: "" }, "invalid_request"],
    [
      "code_challenge_method plain",
      { code_challenge: "a".repeat(43), code_challenge_method: "plain" },
      "invalid_request",
    ],
    ["a code_challenge without a method", { code_challenge: "a".repeat(43) }, "invalid_request"],
    ["a method without a code_challenge", { code_challenge_method: "S256" }, "invalid_request"],
  ])("redirects %s back with error=%s and the state", async (_label, override, error) => {
    const params = redirectParams(await getAuthorize(validAuthorizeParams(override)));
    expect(params.get("error")).toBe(error);
    expect(params.get("error_description")).toBeTruthy();
    expect(params.get("state")).toBe("state-123");
  });

  it("rejects a repeated parameter", async () => {
    const url = `${authorizeUrl(emu, validAuthorizeParams())}&scope=basic`;
    const params = redirectParams(await fetch(url, { redirect: "manual" }));
    expect(params.get("error")).toBe("invalid_request");
  });
});

describe("POST /admin/oauth2/authorize", () => {
  it("Allow with the right credentials redirects with a code and the state", async () => {
    const response = await submitConsent(emu, validAuthorizeParams(), {
      decision: "allow",
      email: "Admin@Riverside.example",
      password: RIVERSIDE.password,
    });
    const params = redirectParams(response);
    expect(params.get("state")).toBe("state-123");
    expect(params.get("code")).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("omits state from the redirect when none was sent", async () => {
    const params = validAuthorizeParams();
    delete params.state;
    const response = await submitConsent(emu, params, { decision: "allow", ...RIVERSIDE_LOGIN });
    const answer = redirectParams(response);
    expect(answer.get("code")).toBeTruthy();
    expect(answer.has("state")).toBe(false);
  });

  it("keeps a query already present in the registered redirect URI", async () => {
    const withQuery = `${REDIRECT_URI}?env=playground`;
    const other = await startTestEmulator({ redirectUris: [withQuery] });
    try {
      const params = validAuthorizeParams({ redirect_uri: withQuery });
      const response = await submitConsent(other, params, {
        decision: "allow",
        ...RIVERSIDE_LOGIN,
      });
      const location = new URL(response.headers.get("location") ?? "");
      expect(location.searchParams.get("env")).toBe("playground");
      expect(location.searchParams.get("code")).toBeTruthy();
    } finally {
      await other.close();
    }
  });

  it("Deny redirects with access_denied and the state", async () => {
    const response = await submitConsent(emu, validAuthorizeParams(), { decision: "deny" });
    const params = redirectParams(response);
    expect(params.get("error")).toBe("access_denied");
    expect(params.get("error_description")).toBeTruthy();
    expect(params.get("state")).toBe("state-123");
    expect(params.has("code")).toBe(false);
  });

  it("re-renders the page with 401 on a wrong password, keeping the request", async () => {
    const response = await submitConsent(emu, validAuthorizeParams(), {
      decision: "allow",
      email: RIVERSIDE.email,
      password: "wrong",
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("location")).toBeNull();
    const page = await response.text();
    expect(page).toContain("Email or password is incorrect");
    expect(page).toContain('<input type="hidden" name="state" value="state-123" />');
    expect(page).toContain(`<input type="hidden" name="client_id" value="${CLIENT_ID}" />`);
    expect(page).toContain('value="admin@riverside.example"');
  });

  it("re-validates the request: a tampered redirect_uri gets the 400 page", async () => {
    const params = validAuthorizeParams({ redirect_uri: "https://evil.example/cb" });
    const response = await submitConsent(emu, params, { decision: "allow", ...RIVERSIDE_LOGIN });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
  });

  it("re-validates the request: a tampered scope is redirected as invalid_scope", async () => {
    const params = validAuthorizeParams({ scope: "everything" });
    const response = await submitConsent(emu, params, { decision: "allow", ...RIVERSIDE_LOGIN });
    expect(redirectParams(response).get("error")).toBe("invalid_scope");
  });

  it("rejects a body that is not a web form", async () => {
    const response = await fetch(`${emu.url}/admin/oauth2/authorize`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(validAuthorizeParams()),
    });
    expect(response.status).toBe(400);
  });

  it("issues a different code each time", async () => {
    const first = await getCode(emu);
    const second = await getCode(emu);
    expect(first).not.toBe(second);
    // Codes are stored hashed only.
    expect(JSON.stringify([...emu.state.codes.entries()])).not.toContain(first);
  });

  it("needs a decision", async () => {
    const response = await postForm(`${emu.url}/admin/oauth2/authorize`, {
      ...validAuthorizeParams(),
      ...RIVERSIDE_LOGIN,
    });
    expect(response.status).toBe(400);
  });
});
