// Runs commands as child processes, several at once where asked, each line of their output marked
// with its name so reports that interleave still read (npm test, scripts/test.ts; the e2e shards,
// scripts/e2e.ts). A stop signal reaches every child still running.
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

export type Command = {
  /** Marks each output line; none: the child writes straight to this terminal. */
  name?: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
};

const running = new Set<ChildProcess>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
  });
}

/** Resolves with the command's exit code (1 when a signal ended it). */
export function runCommand({ name, command, args, env = {} }: Command): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: name ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    running.add(child);
    if (name) {
      for (const [stream, out] of [
        [child.stdout!, process.stdout],
        [child.stderr!, process.stderr],
      ] as const) {
        createInterface({ input: stream }).on("line", (line) => out.write(`[${name}] ${line}\n`));
      }
    }
    child.on("exit", (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Runs the commands at once; the names of those that failed, after all have ended. */
export async function runSideBySide(commands: Command[]): Promise<string[]> {
  const codes = await Promise.all(commands.map(runCommand));
  return commands.flatMap((c, i) => (codes[i] === 0 ? [] : [c.name ?? `${c.command} ${c.args.join(" ")}`]));
}

/** Whole seconds since `started`, for the summary lines. */
export function secondsSince(started: number): string {
  return `${((Date.now() - started) / 1000).toFixed(0)} s`;
}
