// How `npm run test:e2e` splits the journeys between its shards: whole spec files, the longest
// first, each to the shard with the least time so far (longest-processing-time first). Playwright's
// own `--shard` cuts the files in name order into halves of equal test counts, and the halves took
// 4.7 and 7.7 minutes (pages.spec.ts alone is one test of 80 s). The times below are seconds per
// file from a CI run on a quiet machine (the `✓ … (Ns)` lines of its log, summed per file); a file
// not listed counts as the median. Refresh them when a file's time changes much.
const SECONDS: Record<string, number> = {
  "pages.spec.ts": 83,
  "gifts-list.spec.ts": 70,
  "connect.spec.ts": 51,
  "new-names.spec.ts": 45,
  "split.spec.ts": 44,
  "editor-safety.spec.ts": 44,
  "templates.spec.ts": 43,
  "funds.spec.ts": 37,
  "history-audit.spec.ts": 37,
  "bulk.spec.ts": 34,
  "history.spec.ts": 31,
  "csp.spec.ts": 26,
  "notifications.spec.ts": 26,
  "send-at-once.spec.ts": 24,
  "history-sources.spec.ts": 21,
  "security.spec.ts": 14,
  "lifecycle.spec.ts": 11,
  "transactions.spec.ts": 20,
  "bad-escape.spec.ts": 10,
  "nul-character.spec.ts": 9,
  "funds-range.spec.ts": 9,
  "lone-surrogate.spec.ts": 6,
  "body-limits.spec.ts": 6,
  "api.spec.ts": 5,
  "observability.spec.ts": 4,
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The spec files (names) of each shard, every file in exactly one; shards in a stable order. */
export function shardFiles(files: readonly string[], shards: number, seconds = SECONDS): string[][] {
  const fallback = median(Object.values(seconds));
  const weight = (file: string) => seconds[file] ?? fallback;
  const byTime = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  const bins = Array.from({ length: shards }, () => ({ files: [] as string[], total: 0 }));
  for (const file of byTime) {
    const lightest = bins.reduce((min, bin) => (bin.total < min.total ? bin : min));
    lightest.files.push(file);
    lightest.total += weight(file);
  }
  return bins.map((bin) => bin.files.sort());
}
