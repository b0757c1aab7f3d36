// CPU seconds spent by each process of a benchmark, per phase: wall time alone on a 2-core machine
// shared with other work says little about which process a change made cheaper. Reads
// /proc/<pid>/stat (Linux; elsewhere every figure is null). PostgreSQL backends come and go with
// the pool, so they are sampled every 250 ms and each keeps the most it was seen to use.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

type Sample = Map<string, number>; // "<group>:<pid>" → CPU seconds

/** CPU seconds of one process, or null when it cannot be read. */
function cpuOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function backendsOf(database: string): number[] {
  try {
    return readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${database} `);
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Follows the named processes (and the backends of one PostgreSQL database, when given) from now
 * on. `phase(name, work)` runs work and records each group's CPU seconds during it.
 */
export function cpuMeter(processes: Record<string, number | undefined>, database?: string) {
  const latest: Sample = new Map();
  const sample = () => {
    for (const [group, pid] of Object.entries(processes)) {
      const cpu = pid === undefined ? null : cpuOf(pid);
      if (cpu !== null) latest.set(`${group}:${pid}`, cpu);
    }
    if (database)
      for (const pid of backendsOf(database)) {
        const cpu = cpuOf(pid);
        if (cpu !== null) latest.set(`database:${pid}`, Math.max(cpu, latest.get(`database:${pid}`) ?? 0));
      }
  };
  const timer = database ? setInterval(sample, 250) : null;
  timer?.unref();
  sample();
  const phases: Record<string, Record<string, number>> = {};
  return {
    phases,
    async phase<T>(name: string, work: () => Promise<T>): Promise<T> {
      sample();
      const before = new Map(latest);
      const result = await work();
      sample();
      const used: Record<string, number> = {};
      for (const [key, cpu] of latest) {
        const group = key.slice(0, key.indexOf(":"));
        used[group] = Math.round(((used[group] ?? 0) + cpu - (before.get(key) ?? 0)) * 100) / 100;
      }
      phases[name] = used;
      return result;
    },
    stop: () => (timer ? clearInterval(timer) : undefined),
  };
}
