import { describe, expect, it } from "vitest";
import { RIVERSIDE_LOGIN, callApi, connect, postForm, type TestEmulator, emulatorPerFile } from "./helpers";

let emu: TestEmulator;
let pageUrl: string;
emulatorPerFile((started) => {
  emu = started;
  pageUrl = `${emu.url}/admin/integrations`;
});

/** Signs in and returns the session cookie as a Cookie header value. */
async function signIn(): Promise<string> {
  const response = await postForm(pageUrl, RIVERSIDE_LOGIN);
  expect(response.status).toBe(303);
  const [cookie] = response.headers.getSetCookie();
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Strict/);
  return (cookie ?? "").split(";")[0] ?? "";
}

describe("/admin/integrations", () => {
  it("shows a sign-in form first", async () => {
    const response = await fetch(pageUrl);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<form method="post" action="/admin/integrations">');
    expect(page).toContain("Email");
    expect(page).toContain("Password");
  });

  it("refuses wrong credentials with 401", async () => {
    const response = await postForm(pageUrl, { email: RIVERSIDE_LOGIN.email, password: "nope" });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Email or password is incorrect");
  });

  it("lists the connected application and disconnects it", async () => {
    const { access_token } = await connect(emu);
    const cookie = await signIn();

    const list = await (await fetch(pageUrl, { headers: { Cookie: cookie } })).text();
    expect(list).toContain("Riverside Food Bank");
    expect(list).toContain("Apportion");
    expect(list).toContain("Connected");
    expect(list).toContain("Read your contacts and transactions");
    expect(list).toContain(">Disconnect</button>");

    const response = await postForm(`${pageUrl}/disconnect`, { client_id: "apportion-playground" }, { Cookie: cookie });
    expect(response.status).toBe(303);
    const answer = await callApi(emu, access_token, "/details");
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ valid: false, errors: ["Disabled integration"] });

    const after = await (await fetch(`${pageUrl}?done=disconnected`, { headers: { Cookie: cookie } })).text();
    expect(after).toContain("The application was disconnected.");
    expect(after).toContain("Disconnected");
    expect(after).not.toContain(">Disconnect</button>");
  });

  it("refuses to disconnect without a valid session", async () => {
    const { access_token } = await connect(emu);
    const forged = "playground_admin=1001.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D";
    const attempts: Array<Record<string, string>> = [{}, { Cookie: forged }];
    for (const headers of attempts) {
      const response = await postForm(`${pageUrl}/disconnect`, { client_id: "apportion-playground" }, headers);
      expect(response.status).toBe(401);
    }
    expect((await callApi(emu, access_token, "/details")).status).toBe(200);
  });

  it("ends the session after an hour", async () => {
    const cookie = await signIn();
    emu.clock.ms += 3601_000;
    const page = await (await fetch(pageUrl, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Sign in to manage connected applications");
  });
});
