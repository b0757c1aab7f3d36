// `npm run bench -- sync-latency`: a first copy against a slow service, without and
// with a rate limit; each case in its own process (bench/sync-latency-one.ts). Prints a table and
// the adaptive limit over time. BENCH_LATENCY_GIFTS (default 200000), BENCH_LATENCY_RATE (10),
// BENCH_LATENCY_CASES (default "a,b").
import { spawn } from "node:child_process";

type Result = {
  case: string;
  gifts: number;
  stored: number;
  state: string;
  failure: string | null;
  calls: number | null;
  elapsedMs: number;
  floorMs: number | null;
  refused: Record<string, number>;
  samples: { s: number; concurrency: number; rate: number | null; inFlight: number; throttled: number }[];
};

const cases = (process.env.BENCH_LATENCY_CASES ?? "a,b").split(",").map((c) => c.trim());
for (const which of cases) {
  console.log(`Running case ${which}…`);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn("npx", ["tsx", "--conditions=react-server", "bench/sync-latency-one.ts", which], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`case ${which} exited ${code}`))));
  });
  const r = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as Result;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`| case | gifts / copied | state | calls | first copy | floor | ratio | 429s |`);
  console.log(`| --- | --- | --- | --- | --- | --- | --- | --- |`);
  const refused = (r.refused.refused_per_organization ?? 0) + (r.refused.refused_per_token ?? 0);
  console.log(
    `| ${r.case} | ${r.gifts} / ${r.stored} | ${r.state}${r.failure ? ` (${r.failure})` : ""} | ${r.calls} | ${s(r.elapsedMs)} | ${
      r.floorMs === null ? "–" : s(r.floorMs)
    } | ${r.floorMs === null ? "–" : (r.elapsedMs / r.floorMs).toFixed(2)} | ${refused} |`,
  );
  // The adaptive limit over time, every 10 s.
  console.log("adaptive limit (s: calls at once / rate a second / throttled so far):");
  console.log(
    r.samples
      .filter((x) => x.s % 10 === 0)
      .map((x) => `${x.s}: ${x.concurrency} / ${x.rate ?? "–"} / ${x.throttled}`)
      .join("; "),
  );
}
