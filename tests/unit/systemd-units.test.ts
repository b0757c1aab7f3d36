// The systemd units in deploy/systemd are what README "Running in production" tells an operator
// to install: `systemd-analyze verify` accepts them without a word (an unknown key is only a
// warning there, so any output fails), and each unit's stop timeout outlasts what a stop may take
// with the defaults (the web's drain delay and deadline, the worker's deadline).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { drainDelayMs, parseEnv } from "@/lib/env";

const UNITS = ["deploy/systemd/apportion-web.service", "deploy/systemd/apportion-worker.service"];

const setting = (unit: string, key: string) => new RegExp(`^${key}=(.*)$`, "m").exec(readFileSync(unit, "utf8"))?.[1];

describe("systemd units", () => {
  it("pass systemd-analyze verify with no warning", () => {
    const result = spawnSync("systemd-analyze", ["verify", ...UNITS], { encoding: "utf8" });
    expect(result.error).toBeUndefined();
    expect(`${result.stdout}${result.stderr}`).toBe("");
    expect(result.status).toBe(0);
  });

  it("give a stop more time than the drain and the deadline take", () => {
    const env = { ...parseEnv({}), NODE_ENV: "production" as const };
    const webStopMs = drainDelayMs(env) + env.SHUTDOWN_DEADLINE_MS;
    expect(Number(setting(UNITS[0]!, "TimeoutStopSec")) * 1_000).toBeGreaterThanOrEqual(webStopMs + 10_000);
    expect(Number(setting(UNITS[1]!, "TimeoutStopSec")) * 1_000).toBeGreaterThanOrEqual(
      env.SHUTDOWN_DEADLINE_MS + 10_000,
    );
    for (const unit of UNITS) {
      expect(setting(unit, "KillSignal")).toBe("SIGTERM");
      expect(setting(unit, "ExecStart")).toMatch(/^\/usr\/bin\/env node --import tsx /);
    }
  });
});
