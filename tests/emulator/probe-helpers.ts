// Runs the service probe (probe/probe.ts) against a test emulator, with the browser step done
// over plain HTTP: the emulator's consent form is posted as a browser would post it.
import { runProbe, type ProbeReport } from "@/probe/probe";
import { CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, RIVERSIDE, type TestEmulator } from "./helpers";

export async function consentOverHttp(emu: TestEmulator, authorizeUrl: string): Promise<string> {
  const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
  form.set("decision", "allow");
  form.set("email", RIVERSIDE.email);
  form.set("password", RIVERSIDE.password);
  const response = await fetch(`${emu.url}/admin/oauth2/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  const location = response.headers.get("location");
  if (response.status !== 302 || location === null) throw new Error(`consent failed: ${response.status}`);
  return location;
}

export function probe(
  emu: TestEmulator,
  options: { gift?: string; confirm?: boolean | ((question: string) => boolean); questions?: string[] } = {},
): Promise<ProbeReport> {
  return runProbe({
    baseUrl: emu.url,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: REDIRECT_URI,
    gift: options.gift,
    authorize: (url) => consentOverHttp(emu, url),
    confirm: (question) => {
      options.questions?.push(question);
      const { confirm = false } = options;
      return Promise.resolve(typeof confirm === "function" ? confirm(question) : confirm);
    },
    importTimeoutMs: 1500,
  });
}

export function verdicts(report: ProbeReport): Record<string, string> {
  return Object.fromEntries(
    report.checks.map((c) => [c.check, c.verdict === "holds" ? "holds" : `${c.verdict}: ${c.detail}`]),
  );
}

type StateSummary = {
  organizations: { id: number; campaigns: number; funds: number }[];
  grants: { organization_id: number; status: string }[];
  stats: { tokenRequests: Record<string, number> };
  query_tokens: { organization_id: number; snapshot_gifts: number }[];
};

/** The emulator's token-free summary (GET /__emulator/state). */
export async function emulatorState(emu: TestEmulator): Promise<StateSummary> {
  return (await (await fetch(`${emu.url}/__emulator/state`)).json()) as StateSummary;
}
