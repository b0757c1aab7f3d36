// Two app instances on one PostgreSQL, 50 concurrent calls that all need a refresh: the service
// must see exactly one refresh (a rotated refresh token is never used twice), and every call works.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "@/emulator/server";
import { findConnection, openTokens } from "@/lib/connections/store";
import { clearEnvCache } from "@/lib/env";
import { resetTables } from "../support/app-db";
import { connectOrganization, emulatorState, emulatorSwitch } from "../support/connected-org";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  process.env.SERVICE_BASE_URL = emulator.url;
  clearEnvCache();
});
afterAll(() => emulator.close());

function instance(connectionId: string, calls: number): Promise<{ ok: number; failures: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "--conditions=react-server", "tests/support/refresh-caller.ts"], {
      env: { ...process.env, CONNECTION_ID: connectionId, CALLS: String(calls), SERVICE_BASE_URL: emulator.url },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => {
      const line = out.trim().split("\n").pop() ?? "";
      if (code !== 0) return reject(new Error(`instance exited with ${code}: ${out}`));
      resolve(JSON.parse(line) as { ok: number; failures: string[] });
    });
  });
}

describe("refresh across processes", () => {
  it("two instances, 50 concurrent calls needing a refresh: exactly one refresh", { timeout: 60_000 }, async () => {
    await resetTables();
    await emulatorSwitch(emulator, "reset");
    const connection = await connectOrganization(emulator);
    await emulatorSwitch(emulator, "revoke-access-tokens", { organization_id: "1001" });

    const [a, b] = await Promise.all([instance(connection.id, 25), instance(connection.id, 25)]);
    expect([...a.failures, ...b.failures]).toEqual([]);
    expect(a.ok + b.ok).toBe(50);
    expect((await emulatorState(emulator)).stats.tokenRequests.refresh_token).toBe(1);

    const after = await findConnection(connection.id);
    expect(after).toMatchObject({
      status: "active",
      tokenVersion: connection.tokenVersion + 1,
      refreshLeaseOwner: null,
    });
    expect(openTokens(after!)?.accessToken).not.toBe(openTokens(connection)?.accessToken);
  });
});
