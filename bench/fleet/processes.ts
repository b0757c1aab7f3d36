// The fleet bench's processes, each as production runs it: the emulator (`npm run emulator`), the
// app (`npm start`'s launcher over the production build, as the end-to-end server runs it) and the
// worker (`npm run worker`). Each is started in its own process group, so stopping one stops its
// children (the launcher runs `next start` under it); its resident memory is sampled from /proc.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { pidListeningOn } from "../../tests/support/process-memory";

export type Running = {
  name: string;
  child: ChildProcess;
  /** Stops it with SIGTERM (or the signal given) and waits for it to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  /** The process whose memory is reported: the one serving `port`, else the child itself. */
  pid: () => number | undefined;
};

/** Output lines of every process, kept for the report when something fails (never printed whole). */
export const logTail: string[] = [];

export function startProcess(
  name: string,
  args: string[],
  env: Record<string, string>,
  options: { port?: number } = {},
): Running {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      logTail.push(`[${name}] ${line.slice(0, 400)}`);
      if (logTail.length > 400) logTail.shift();
    }
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let servingPid: number | undefined;
  return {
    name,
    child,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // already gone
        }
      }, 40_000);
      await exited;
      clearTimeout(timer);
    },
    pid() {
      if (options.port === undefined) return child.pid;
      if (servingPid === undefined) {
        try {
          servingPid = pidListeningOn(options.port);
        } catch {
          return undefined;
        }
      }
      return servingPid;
    },
  };
}

/** Waits until `url` answers 200 (a health endpoint), or fails after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs: number, running?: Running) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (running && running.child.exitCode !== null) {
      throw new Error(`${running.name} exited (${running.child.exitCode}) before ${url} answered`);
    }
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function residentKb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time a process has used so far (user + system), in seconds; Linux's 100 ticks a second. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** The highest resident memory seen per label (a label outlives a restarted process), and the CPU
 *  time each process used (per process: a restarted one starts from nothing). */
export class MemoryWatch {
  readonly maxKb = new Map<string, number>();
  readonly cpu = new Map<number, { label: string; seconds: number }>();
  private readonly watched = new Map<string, () => number | undefined>();
  private readonly timer = setInterval(() => this.sample(), 1_000);

  watch(label: string, pid: () => number | undefined) {
    this.watched.set(label, pid);
  }

  sample() {
    for (const [label, pid] of this.watched) {
      const id = pid();
      const kb = id === undefined ? undefined : residentKb(id);
      if (kb !== undefined) this.maxKb.set(label, Math.max(this.maxKb.get(label) ?? 0, kb));
      const used = id === undefined ? undefined : cpuSeconds(id);
      if (id !== undefined && used !== undefined) this.cpu.set(id, { label, seconds: used });
    }
  }

  stop() {
    clearInterval(this.timer);
    this.sample();
  }
}
