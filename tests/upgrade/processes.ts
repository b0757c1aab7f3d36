// Child processes of the upgrade test (a release's worker and client), with their output kept as
// lines and read as JSON where it is JSON (pino's log lines, the client's own lines).
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

export type Running = {
  label: string;
  child: ChildProcess;
  lines: string[];
  /** Lines that are JSON objects, in order. */
  json: () => Record<string, unknown>[];
  /** Resolves once a line satisfies `test` (or rejects after `ms`). */
  waitFor: (test: (line: Record<string, unknown>) => boolean, ms: number) => Promise<Record<string, unknown>>;
  /** SIGTERM, then the exit (SIGKILL to the group after `ms`). */
  stop: (ms?: number) => Promise<number | null>;
  /** Closes its standard input (the client's signal to finish its round and sum up), then as stop. */
  finish: (ms?: number) => Promise<number | null>;
};

/** `tsx` of the given tree on one of its files, in a process group of its own. */
export function startTsx(label: string, tree: string, file: string, env: NodeJS.ProcessEnv): Running {
  const child = spawn(path.join(tree, "node_modules/.bin/tsx"), ["--conditions=react-server", file], {
    cwd: tree,
    env,
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let exited: number | null | undefined;
  const exit = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      exited = code;
      resolve(code);
      for (const w of waiters) w();
    }),
  );
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.on("data", (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split("\n");
      rest = parts.pop() ?? "";
      for (const line of parts) if (line.trim()) lines.push(line);
      for (const w of waiters) w();
    });
  }
  const json = () =>
    lines.flatMap((line) => {
      if (!line.startsWith("{")) return [];
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  const waitFor = (test: (line: Record<string, unknown>) => boolean, ms: number) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = json().find(test);
        if (found) return done(() => resolve(found));
        if (exited !== undefined) done(() => reject(new Error(`${label} exited (${exited}):\n${lines.slice(-20).join("\n")}`)));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`${label}: nothing awaited within ${ms} ms:\n${lines.slice(-20).join("\n")}`))),
        ms,
      );
      const done = (then: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        then();
      };
      waiters.add(check);
      check();
    });
  const stop = async (ms = 20_000) => {
    if (exited !== undefined) return exited;
    child.kill("SIGTERM");
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, ms);
    const code = await exit;
    clearTimeout(timer);
    return code;
  };
  const finish = async (ms = 60_000) => {
    child.stdin?.end("stop\n");
    const timer = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), ms));
    return (await Promise.race([exit, timer])) === "late" ? stop() : exited ?? null;
  };
  return { label, child, lines, json, waitFor, stop, finish };
}

/** Runs a command to its end; its output, or an error with the output's tail. */
export function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${out.slice(-3000)}`)),
    );
  });
}

/**
 * Log lines at warn (40) or above and the client's own error lines, one entry per kind with how
 * many times it came: `worker.tick_failed: relation "X" does not exist (×37)`.
 */
export function problems(process: Running): string[] {
  const seen = new Map<string, number>();
  for (const l of process.json()) {
    if (!((typeof l.level === "number" && l.level >= 40) || l.event === "error")) continue;
    const error = l.error as { message?: string } | undefined;
    const what = `${String(l.event)}${l.op ? ` ${String(l.op)}` : ""}: ${error?.message ?? String(l.message ?? "")}`;
    seen.set(what, (seen.get(what) ?? 0) + 1);
  }
  return [...seen].map(([what, n]) => `${what} (×${n})`);
}
