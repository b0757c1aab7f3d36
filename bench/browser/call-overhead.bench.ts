// Benchmark 3: the app's overhead per service call (session, organization scope, token decrypt,
// logging): 2,000 calls to the account details through the app (POST /api/connection/check, which
// also records the check: two small writes) and the same 2,000 straight to the emulator with the
// same kind of token. p50 and p99 of both. Target: under 5 ms p50 added.
import { createHash, randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { test } from "@playwright/test";
import { APP_URL, CLIENT_ID, CLIENT_SECRET, EMULATOR_URL } from "../../tests/e2e/config";
import { connect, emulatorSwitch, resetAppData } from "../../tests/e2e/helpers";

const CALLS = 2_000;

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

/** A token of its own from the emulator (consent posted directly, then the code exchange). */
async function directToken(): Promise<string> {
  const verifier = randomBytes(32).toString("base64url");
  const redirectUri = `${APP_URL}/api/auth/callback/playground`;
  const consent = await fetch(`${EMULATOR_URL}/admin/oauth2/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: "code",
      redirect_uri: redirectUri,
      scope: "basic",
      state: "bench",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      decision: "allow",
      email: "admin@harbor.example",
      password: "playground",
    }),
  });
  const code = new URL(consent.headers.get("location") ?? "").searchParams.get("code") ?? "";
  const token = await fetch(`${EMULATOR_URL}/admin/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

test("per-call overhead of the app over a direct call", async ({ page }) => {
  test.setTimeout(600_000);
  await connect(page);
  const token = await directToken();

  const direct: number[] = [];
  const viaApp: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    let t0 = performance.now();
    const answer = await fetch(`${EMULATOR_URL}/admin/oauth2/api/v1/details`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    await answer.arrayBuffer();
    direct.push(performance.now() - t0);

    t0 = performance.now();
    const checked = await page.request.post("/api/connection/check");
    await checked.body();
    viaApp.push(performance.now() - t0);
    if (!checked.ok()) throw new Error(`check failed: ${checked.status()}`);
  }
  const row = (name: string, s: number[]) =>
    `  ${name.padEnd(34)} p50 ${percentile(s, 0.5).toFixed(2)} ms  p99 ${percentile(s, 0.99).toFixed(2)} ms`;
  console.log(`\nPer-call overhead, ${CALLS} calls each, interleaved:`);
  console.log(row("straight to the emulator", direct));
  console.log(row("through the app (check route)", viaApp));
  console.log(`  added at p50: ${(percentile(viaApp, 0.5) - percentile(direct, 0.5)).toFixed(2)} ms (target < 5 ms)`);
});
