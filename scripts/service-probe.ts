// npm run service:probe -- [flags]: checks the service's answers against Apportion's assumptions
// (README "Before going live"). Flags override the environment:
//   --base-url      SERVICE_BASE_URL       e.g. https://app-playground.kindful.com
//   --client-id     SERVICE_CLIENT_ID
//   (no flag)       SERVICE_CLIENT_SECRET: the secret is read from the environment only, so it never
//                   shows in the shell history or the process list
//   --port          PROBE_PORT (default 3999): the callback listens on http://127.0.0.1:<port>/probe/callback,
//                   which must be a redirect URI registered for the application (or --redirect-uri);
//                   `npm run dev` registers it in its emulator
//   --wait          PROBE_WAIT_SECONDS (default 300): how long to wait for the browser to come back
//   --gift          PROBE_GIFT: a transaction id or external id to split once (asks before writing)
//   --yes-write     confirm the write (and its reverse) without asking; without it and without
//                   a terminal, nothing is ever written
//   --allow-no-pkce retry the code exchange without PKCE when the service refuses it (warns)
//   --out           PROBE_REPORT (default service-probe-report.json)
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { DEFAULT_PROBE_PORT, probeRedirectUri } from "../probe/callback-address";
import { CallbackTimeout, receiveCallback } from "../probe/callback-server";
import { runProbe } from "../probe/probe";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string" },
    "client-id": { type: "string" },
    "redirect-uri": { type: "string" },
    port: { type: "string" },
    wait: { type: "string" },
    gift: { type: "string" },
    "yes-write": { type: "boolean", default: false },
    "allow-no-pkce": { type: "boolean", default: false },
    out: { type: "string" },
    scopes: { type: "string" },
  },
});

const env = process.env;
const baseUrl = values["base-url"] ?? env.SERVICE_BASE_URL;
const clientId = values["client-id"] ?? env.SERVICE_CLIENT_ID;
const clientSecret = env.SERVICE_CLIENT_SECRET;
if (!baseUrl || !clientId || !clientSecret) {
  console.error(
    "Give --base-url and --client-id (or SERVICE_BASE_URL, SERVICE_CLIENT_ID), and SERVICE_CLIENT_SECRET in the environment.",
  );
  process.exit(2);
}
const port = Number(values.port ?? env.PROBE_PORT ?? DEFAULT_PROBE_PORT);
const waitSeconds = Number(values.wait ?? env.PROBE_WAIT_SECONDS ?? 300);
if (!Number.isInteger(port) || port <= 0 || port > 65535 || !Number.isFinite(waitSeconds) || waitSeconds <= 0) {
  console.error("--port must be a port number and --wait a positive number of seconds.");
  process.exit(2);
}
const redirectUri = values["redirect-uri"] ?? probeRedirectUri(port);
const out = values.out ?? env.PROBE_REPORT ?? "service-probe-report.json";

async function confirm(question: string): Promise<boolean> {
  if (values["yes-write"]) return true;
  if (!process.stdin.isTTY) {
    console.log(`${question} Not confirmed (no terminal; pass --yes-write): nothing written.`);
    return false;
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`${question} Type "yes" to write: `);
  rl.close();
  return answer.trim().toLowerCase() === "yes";
}

try {
  const report = await runProbe({
    baseUrl,
    clientId,
    clientSecret,
    redirectUri,
    scopes: values.scopes,
    gift: values.gift ?? env.PROBE_GIFT,
    allowNoPkce: values["allow-no-pkce"],
    authorize: () => receiveCallback(redirectUri, port, waitSeconds * 1000),
    confirm,
    log: (text) => console.log(text),
  });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  const differing = report.checks.filter((c) => c.verdict === "differs").length;
  console.log(`\nReport written to ${out}. ${differing} check(s) differ.`);
  if (report.stopped !== undefined) {
    console.log("The probe stopped before its last check (see above); nothing after that point was checked.");
    process.exit(1);
  }
  console.log("Give it to Apportion with SERVICE_PROBE_REPORT=<path> (README, Before going live).");
} catch (error) {
  if (!(error instanceof CallbackTimeout)) throw error;
  console.error(`Stopped: ${error.message}`);
  process.exit(1);
}
