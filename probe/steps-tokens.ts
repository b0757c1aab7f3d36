// The probe's token steps: one refresh (a second one, as a form, only when the service refuses
// JSON, as the app's own fallback does), a refused refresh with a made-up token, and the end of
// the probe's grant: no grant of the probe stays active at the service.
import { describe, isRecord, tokenTypeProblems } from "./answers";
import { holdTokens, type Probe } from "./context";

const HOW_TO_END =
  "end it by hand: the organization's admin disconnects the application in the service's integrations settings";

export async function checkRefresh(probe: Probe): Promise<void> {
  const { options } = probe;
  const held = probe.tokens.refresh;
  if (held === null) {
    probe.line("refresh (JSON)", "not checked", "the code exchange gave no refresh_token");
    probe.line("refresh (form)", "not checked", "the code exchange gave no refresh_token");
    return;
  }
  const params = {
    client_id: options.clientId,
    client_secret: options.clientSecret,
    grant_type: "refresh_token",
    refresh_token: held,
  };
  const accepted = (answer: { status: number; body: unknown }) =>
    answer.status === 200 && isRecord(answer.body) && typeof answer.body.access_token === "string";
  const json = await probe.token(params, "json");
  if (accepted(json) && isRecord(json.body)) {
    holdTokens(probe, json.body);
    const problems = tokenTypeProblems(json.body, false).filter((p) => p !== "no refresh_token");
    const kept = typeof json.body.refresh_token === "string" ? "" : "no refresh_token: the app keeps the one it has";
    probe.line("refresh (JSON)", problems.length === 0 ? "holds" : "differs", problems.join("; ") || kept);
    probe.line("refresh (form)", "not checked", "JSON was accepted: the app sends a form only when JSON is refused");
    return;
  }
  probe.line("refresh (JSON)", "differs", describe(json));
  const bodyRefusal =
    (json.status === 400 && isRecord(json.body) && json.body.error === "invalid_request") || json.status === 415;
  if (!bodyRefusal) {
    probe.line("refresh (form)", "not checked", "the JSON refresh was not refused for its body");
    return;
  }
  const form = await probe.token(params, "form");
  if (accepted(form) && isRecord(form.body)) {
    holdTokens(probe, form.body);
    probe.config.refresh_encoding = "form";
    probe.line("refresh (form)", "differs", "only the form is accepted");
  } else probe.line("refresh (form)", "differs", describe(form));
}

/** A refresh with a made-up token: touches no grant. */
export async function checkRefusedRefresh(probe: Probe): Promise<void> {
  const { options } = probe;
  const refused = await probe.token(
    {
      client_id: options.clientId,
      client_secret: options.clientSecret,
      grant_type: "refresh_token",
      refresh_token: "probe-not-a-token",
    },
    probe.config.refresh_encoding ?? "json",
  );
  if (refused.status === 400 && isRecord(refused.body) && refused.body.error === "invalid_grant") {
    probe.line("refused refresh", "holds", "400 invalid_grant");
  } else probe.line("refused refresh", "differs", describe(refused));
}

/**
 * Tells the service the integration is disconnected (what the app's Disconnect sends), then
 * checks that the probe's token is refused. Runs whenever the probe holds a token, even after a
 * failed step.
 */
export async function endGrant(probe: Probe): Promise<void> {
  if (probe.tokens.access === "") return;
  const told = await probe.api("POST", "/integrations/status", { data: { status: "disconnected", units: "0" } });
  const after = await probe.api("GET", "/details");
  if (after.status >= 400) {
    probe.line(
      "grant ended",
      "holds",
      `integration status disconnected; the probe's token is now refused (${after.status})`,
    );
    return;
  }
  probe.line(
    "grant ended",
    "differs",
    `the disconnect answered ${describe(told)} and the token still works: ${HOW_TO_END}`,
  );
}
