// The resident memory of the process serving a port, read from /proc (Linux): the end-to-end
// server runs in a process tree the tests did not start themselves, so it is found by its socket.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** The process that listens on `port` on this machine. */
export function pidListeningOn(port: number): number {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (local?.endsWith(hex) && state === "0A" && inode) inodes.add(inode); // 0A: LISTEN
    }
  }
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (socket && inodes.has(socket[1]!)) return Number(pid);
      } catch {
        // the descriptor closed while we looked
      }
    }
  }
  throw new Error(`No process listens on port ${port}`);
}

export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`No VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** Samples a process's resident memory until stopped; the highest growth over the start. */
export function watchMemory(pid: number, everyMs = 20) {
  const start = residentBytes(pid);
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      peak = Math.max(peak, residentBytes(pid));
      return peak - start;
    },
  };
}
