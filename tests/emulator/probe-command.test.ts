// `npm run service:probe` as the README shows it, against an emulator registered the way
// `npm run dev` registers its own: it completes, and without a browser it
// stops after --wait with a message saying what to check.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { devEmulatorRedirectUris } from "@/probe/callback-address";
import { CLIENT_ID, CLIENT_SECRET, startTestEmulator, type TestEmulator } from "./helpers";
import { consentOverHttp } from "./probe-helpers";

let emu: TestEmulator;
let port: number;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

beforeAll(async () => {
  port = await freePort();
  const redirectUris = devEmulatorRedirectUris("http://localhost:3000/api/auth/callback/playground", String(port));
  emu = await startTestEmulator({ importDelayMs: 0, redirectUris });
});
afterAll(() => emu?.close());

function runCommand(args: string[]): { child: ChildProcess; output: () => string; exit: Promise<number> } {
  let text = "";
  const child = spawn("npx", ["tsx", "--conditions=react-server", "scripts/service-probe.ts", ...args], {
    env: { ...process.env, SERVICE_CLIENT_SECRET: CLIENT_SECRET },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exit = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
  return { child, output: () => text, exit };
}

/** The address the probe prints; fails at once if the probe ends without one. */
async function printedAddress(output: () => string, exit: Promise<number>): Promise<string> {
  let exited = false;
  void exit.then(() => (exited = true));
  return vi.waitUntil(
    () => {
      const match = /Open this address, sign in and allow:\n\s+(\S+)/.exec(output());
      if (match?.[1] !== undefined) return match[1];
      if (exited) throw new Error(`the probe ended without an address:\n${output()}`);
      return undefined;
    },
    { timeout: 60_000, interval: 100 },
  );
}

describe("npm run service:probe, the README's command", () => {
  it("completes against the dev emulator's registered callback", { timeout: 60_000 }, async () => {
    const out = join(mkdtempSync(join(tmpdir(), "probe-")), "report.json");
    const run = runCommand(["--base-url", emu.url, "--client-id", CLIENT_ID, "--port", String(port), "--out", out]);
    const address = await printedAddress(run.output, run.exit);
    // The browser: consent, then follow the redirect to the probe's own callback.
    const callback = await consentOverHttp(emu, address);
    expect(new URL(callback).origin).toBe(`http://127.0.0.1:${port}`);
    expect((await fetch(callback)).status).toBe(200);
    expect(await run.exit, run.output()).toBe(0);
    expect(existsSync(out)).toBe(true);
    const report = JSON.parse(readFileSync(out, "utf8")) as { checks: { check: string; verdict: string }[] };
    expect(report.checks.find((c) => c.check === "grant ended")?.verdict).toBe("holds");
  });

  it("stops with a message after --wait when no callback arrives", { timeout: 60_000 }, async () => {
    const run = runCommand(["--base-url", emu.url, "--client-id", CLIENT_ID, "--port", String(port), "--wait", "1"]);
    expect(await run.exit).toBe(1);
    expect(run.output()).toContain(`No answer came back to http://127.0.0.1:${port}/probe/callback within 1 s`);
    expect(run.output()).toContain("Invalid redirect address");
  });
});
