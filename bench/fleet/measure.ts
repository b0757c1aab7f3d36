// Small measuring helpers of the fleet bench: percentiles, a bounded parallel map, the database's
// connections sampled from pg_stat_activity, and the processes' log lines counted by level.
import pg from "pg";

export function percentile(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const seconds = (ms: number | undefined) => (ms === undefined ? "–" : `${(ms / 1000).toFixed(1)} s`);
export const millis = (ms: number | undefined) => (ms === undefined ? "–" : `${Math.round(ms)} ms`);

/** `work` over `items`, at most `limit` at once; results in the items' order. */
export async function mapLimit<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(runners);
  return results;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Samples the bench database's sessions every second: the most seen at once in all, and per
 * application_name (each process names its pool's sessions; the connection caches' LISTEN
 * sessions are "apportion-connection-cache"). The sampler's own session is left out.
 */
export class ConnectionWatch {
  readonly maxByName = new Map<string, number>();
  maxTotal = 0;
  /** Before the worker starts (migrations, the apps starting, every admin connecting). */
  maxBeforeRun = 0;
  running = false;
  samples = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly client: pg.Client;

  constructor(
    url: string,
    private readonly database: string,
  ) {
    this.client = new pg.Client({ connectionString: url, application_name: "fleet-bench-sampler" });
  }

  async start() {
    await this.client.connect();
    this.timer = setInterval(() => void this.sample(), 1_000);
  }

  private async sample() {
    try {
      const { rows } = await this.client.query<{ name: string; n: string }>(
        `SELECT coalesce(nullif(application_name, ''), '(unnamed)') AS name, count(*) AS n
           FROM pg_stat_activity
          WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid() AND application_name NOT LIKE 'fleet-bench%'
          GROUP BY 1`,
        [this.database],
      );
      let total = 0;
      for (const row of rows) {
        const n = Number(row.n);
        total += n;
        const name = this.running ? row.name : `${row.name} (before the worker)`;
        this.maxByName.set(name, Math.max(this.maxByName.get(name) ?? 0, n));
      }
      if (this.running) this.maxTotal = Math.max(this.maxTotal, total);
      else this.maxBeforeRun = Math.max(this.maxBeforeRun, total);
      this.samples++;
    } catch {
      // a sample lost while the database is busy; the next one counts
    }
  }

  async stop() {
    clearInterval(this.timer);
    await this.client.end().catch(() => undefined);
  }
}

/** Warnings and errors the processes logged (pino's JSON lines), counted by process and event. */
export class LogCounts {
  readonly counts = new Map<string, number>();
  /** POST /api/submissions as the apps' access log timed it (from the route's start to its answer). */
  readonly submissionMs: number[] = [];

  take(process: string, line: string) {
    if (line.includes('"event":"http.request"') && line.includes('"route":"/api/submissions"')) {
      const ms = /"method":"POST".*"ms":(\d+)/.exec(line)?.[1];
      if (ms) this.submissionMs.push(Number(ms));
    }
    const level = /"level":(\d+)/.exec(line)?.[1];
    if (level !== "40" && level !== "50" && level !== "60") return;
    const event = /"event":"([^"]{1,80})"/.exec(line)?.[1] ?? "?";
    const deadlock = /deadlock/i.test(line) ? " (deadlock)" : "";
    const key = `${process} ${level === "40" ? "warn" : "error"} ${event}${deadlock}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
}
