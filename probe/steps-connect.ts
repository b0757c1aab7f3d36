// Steps 1 and 2 of the probe: the authorization (state and PKCE) and the code exchange. A
// callback that is not the answer to this probe's own request stops it: its
// code may be someone else's, issued for another organization.
import { createHash, randomBytes } from "node:crypto";
import { describe, isRecord, tokenTypeProblems } from "./answers";
import { holdTokens, type Probe, ProbeStopped } from "./context";

/** Sends the browser to the authorize page; returns the code of a callback that carries our state. */
export async function authorize(probe: Probe): Promise<{ code: string; verifier: string }> {
  const { options } = probe;
  const state = randomBytes(16).toString("base64url");
  const verifier = randomBytes(32).toString("base64url");
  probe.secrets.add(verifier);
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const authorizeUrl = new URL(`${probe.base}/admin/oauth2/authorize`);
  for (const [name, value] of Object.entries({
    client_id: options.clientId,
    response_type: "code",
    redirect_uri: options.redirectUri,
    scope: options.scopes ?? "basic data_add data_query",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  })) {
    authorizeUrl.searchParams.set(name, value);
  }
  options.log?.(`Open this address, sign in and allow:\n  ${authorizeUrl.toString()}`);
  const callback = new URL(await options.authorize(authorizeUrl.toString()));
  const code = callback.searchParams.get("code");
  if (code !== null) probe.secrets.add(code);
  const echoed = callback.searchParams.get("state");
  if (code === null) {
    probe.line("state echoed", "not checked", "no code came back");
    const error = callback.searchParams.get("error") ?? "nothing";
    throw new ProbeStopped(`The authorization did not return a code (error: ${error})`);
  }
  if (echoed !== state) {
    const why = echoed === null ? "the callback carried no state" : "the callback carried another state";
    probe.line("state echoed", "differs", why);
    throw new ProbeStopped(
      `${why}: it may not answer this probe's request (the app refuses such a callback too), so its code was not used`,
    );
  }
  probe.line("state echoed", "holds");
  return { code, verifier };
}

/** Exchanges the code with the PKCE verifier (as the app does); without it only when allowed. */
export async function exchangeCode(probe: Probe, code: string, verifier: string): Promise<void> {
  const { options } = probe;
  const exchange = (withVerifier: boolean) =>
    probe.token(
      {
        grant_type: "authorization_code",
        client_id: options.clientId,
        client_secret: options.clientSecret,
        code,
        redirect_uri: options.redirectUri,
        ...(withVerifier ? { code_verifier: verifier } : {}),
      },
      "form",
    );
  let exchanged = await exchange(true);
  if (exchanged.status === 200) probe.line("PKCE accepted or ignored", "holds");
  else {
    probe.line(
      "PKCE accepted or ignored",
      "differs",
      `the exchange with code_verifier was refused: ${describe(exchanged)}`,
    );
    if (options.allowNoPkce !== true) {
      throw new ProbeStopped(
        "The exchange with PKCE was refused; the probe does not drop PKCE by itself (--allow-no-pkce retries without it)",
      );
    }
    probe.warn("retrying the code exchange WITHOUT PKCE (--allow-no-pkce): a stolen code could then be used");
    exchanged = await exchange(false);
  }
  if (exchanged.status !== 200 || !isRecord(exchanged.body)) {
    probe.line("token answer field types", "not checked", `the code exchange failed: ${describe(exchanged)}`);
    throw new ProbeStopped("The code exchange failed; nothing more can be checked");
  }
  holdTokens(probe, exchanged.body);
  const typeProblems = tokenTypeProblems(exchanged.body, true);
  if (typeProblems.length === 0) probe.line("token answer field types", "holds");
  else probe.line("token answer field types", "differs", typeProblems.join("; "));
}
