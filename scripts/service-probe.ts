// npm run service:probe -- [flags]: checks the service's answers against Apportion's assumptions
// (issue 12; README "Before going live"). Flags override the environment:
//   --base-url      SERVICE_BASE_URL       e.g. https://app-playground.kindful.com
//   --client-id     SERVICE_CLIENT_ID
//   (no flag)       SERVICE_CLIENT_SECRET: the secret is read from the environment only, so it never
//                   shows in the shell history or the process list
//   --port          PROBE_PORT (default 3999): the callback listens on http://127.0.0.1:<port>/probe/callback,
//                   which must be a redirect URI registered for the application (or --redirect-uri)
//   --gift          PROBE_GIFT: a transaction id or external id to split once (asks before writing)
//   --yes-write     confirm the write (and its reverse) without asking; without it and without
//                   a terminal, nothing is ever written
//   --out           PROBE_REPORT (default service-probe-report.json)
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { runProbe } from "../probe/probe";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string" },
    "client-id": { type: "string" },
    "redirect-uri": { type: "string" },
    port: { type: "string" },
    gift: { type: "string" },
    "yes-write": { type: "boolean", default: false },
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
const port = Number(values.port ?? env.PROBE_PORT ?? 3999);
const redirectUri = values["redirect-uri"] ?? `http://127.0.0.1:${port}/probe/callback`;
const out = values.out ?? env.PROBE_REPORT ?? "service-probe-report.json";

/** Waits for the browser to come back to the redirect URI on the local port. */
function receiveCallback(): Promise<string> {
  return new Promise((resolve, reject) => {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", redirectUri);
      if (url.pathname !== new URL(redirectUri).pathname) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("The probe received the answer. You can close this tab and return to the terminal.");
      server.close();
      resolve(url.toString());
    });
    server.once("error", reject);
    server.listen(port, "127.0.0.1");
  });
}

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

const report = await runProbe({
  baseUrl,
  clientId,
  clientSecret,
  redirectUri,
  scopes: values.scopes,
  gift: values.gift ?? env.PROBE_GIFT,
  authorize: () => receiveCallback(),
  confirm,
  log: (text) => console.log(text),
});
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `\nReport written to ${out}. ${report.checks.filter((c) => c.verdict === "differs").length} check(s) differ.`,
);
console.log("Give it to Apportion with SERVICE_PROBE_REPORT=<path> (README, Before going live).");
