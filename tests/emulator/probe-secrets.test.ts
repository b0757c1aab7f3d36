// The probe's secrets and its callback: nothing it prints or stores
// carries a token, a code or a secret, whatever the shape of the answer; a callback that does
// not answer its own request stops it; PKCE is never dropped without the flag.
import { describe, expect, it } from "vitest";
import { runProbe } from "@/probe/probe";
import { redactText } from "@/probe/redact";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  HARBOR,
  postForm,
  postSwitch,
  REDIRECT_URI,
  emulatorPerFile,
  submitConsent,
  validAuthorizeParams,
  type TestEmulator,
} from "./helpers";
import { consentOverHttp, emulatorState, verdicts } from "./probe-helpers";

let emu: TestEmulator;
emulatorPerFile((started) => (emu = started), { importDelayMs: 0 });

/** Runs the probe, keeping what it printed and the raw token answers it was given. */
async function probeSeeing(options: { allowNoPkce?: boolean; authorize?: (url: string) => Promise<string> } = {}) {
  const printed: string[] = [];
  const tokenAnswers: string[] = [];
  const report = await runProbe({
    baseUrl: emu.url,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: REDIRECT_URI,
    authorize: options.authorize ?? ((url) => consentOverHttp(emu, url)),
    confirm: () => Promise.resolve(false),
    allowNoPkce: options.allowNoPkce,
    log: (line) => printed.push(line),
    // Watches the answers (unchanged) to learn the token values the probe must never show.
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).endsWith("/admin/oauth2/token")) tokenAnswers.push(await response.clone().text());
      return response;
    },
  });
  const secrets = tokenAnswers.flatMap((text) => {
    const body = JSON.parse(text) as Record<string, unknown>;
    return [body.access_token, body.refresh_token].filter((v): v is string => typeof v === "string");
  });
  return { report, printed: printed.join("\n"), stored: JSON.stringify(report), secrets };
}

describe("the probe never shows a secret", () => {
  it("prints and stores a refresh answer without refresh_token with no token value", async () => {
    expect(
      (await postSwitch(emu, "settings", { refresh_answer: "no_refresh_token", refresh_body: "form" })).status,
    ).toBe(200);
    // refresh_body form: the JSON refresh is refused, the form one answers without refresh_token.
    const { report, printed, stored, secrets } = await probeSeeing();
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    for (const secret of [...secrets, CLIENT_SECRET]) {
      expect(printed).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
    expect(report.config.refresh_encoding).toBe("form");
  });

  it("redacts whatever the shape: JSON, nested JSON, a form, text", () => {
    const cases = [
      '{"access_token":"AAA111","token_type":"bearer","nested":{"refresh_token":"BBB222"}}',
      '{"error":"x","detail":"{\\"access_token\\":\\"AAA111\\"}"}',
      "access_token=AAA111&token_type=bearer&refresh_token=BBB222",
      "could not use code: AAA111, client_secret = 'BBB222', Authorization: Bearer CCC333",
      '{"access_token":"AAA111","scope":"basic da', // cut short, no longer JSON
    ];
    for (const text of cases) {
      const out = redactText(text);
      expect(out, text).not.toMatch(/AAA111|BBB222|CCC333/);
    }
    expect(redactText('{"token_type":"bearer","expires_in":"60"}')).toBe('{"token_type":"bearer","expires_in":"60"}');
    expect(redactText("the held value XYZ-secret-9 echoed", ["XYZ-secret-9"])).toBe("the held value [redacted] echoed");
  });
});

describe("the probe's callback", () => {
  it("stops on a forged callback (another organization's code, another state) and never uses its code", async () => {
    let forgedCode = "";
    const { report, printed } = await probeSeeing({
      authorize: async () => {
        const consent = await submitConsent(emu, validAuthorizeParams({ state: "someone-else" }), {
          decision: "allow",
          email: HARBOR.email,
          password: HARBOR.password,
        });
        const location = new URL(consent.headers.get("location")!);
        forgedCode = location.searchParams.get("code")!;
        return location.toString();
      },
    });
    expect(verdicts(report)).toEqual({ "state echoed": "differs: the callback carried another state" });
    expect(report.stopped).toMatch(/another state.*not used/);
    expect(printed).toContain("Stopped:");
    const state = await emulatorState(emu);
    expect(state.stats.tokenRequests.authorization_code).toBe(0);
    // The code is still unused: its owner can still exchange it.
    const exchanged = await postForm(`${emu.url}/admin/oauth2/token`, {
      grant_type: "authorization_code",
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      code: forgedCode,
      redirect_uri: REDIRECT_URI,
    });
    expect(exchanged.status).toBe(200);
  });

  it("does not drop PKCE by itself when the service refuses it", async () => {
    await postSwitch(emu, "settings", { pkce: "refused" });
    const { report } = await probeSeeing();
    expect(report.stopped).toMatch(/does not drop PKCE/);
    expect((await emulatorState(emu)).stats.tokenRequests.authorization_code).toBe(1);
    expect(report.checks.map((c) => c.check)).not.toContain("token answer field types");
  });

  it("drops PKCE with --allow-no-pkce, and warns", async () => {
    await postSwitch(emu, "settings", { pkce: "refused" });
    const { report, printed } = await probeSeeing({ allowNoPkce: true });
    expect(printed).toMatch(/Warning: retrying the code exchange WITHOUT PKCE/);
    expect(report.stopped).toBeUndefined();
    expect(verdicts(report)["token answer field types"]).toBe("holds");
  });
});
