// `npm run bench [-- name]`: runs the benchmarks by hand and prints their figures. They are never
// timed assertions in tests. Results are kept in bench/RESULTS.md with the machine they ran on.
const BENCHES: Record<string, string> = {
  parse: "./parse-rows.ts",
  rows: "./end-to-end-rows.ts",
  load: "./load-submissions.ts",
};

const chosen = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const names = chosen.length > 0 ? chosen : Object.keys(BENCHES);
for (const name of names) {
  const file = BENCHES[name];
  if (!file) {
    console.error(`Unknown benchmark "${name}". Known: ${Object.keys(BENCHES).join(", ")}`);
    process.exit(2);
  }
  await import(file);
}
export {};
