// `npm test`, the whole suite, in the order that keeps two cores busy: Vitest, the upgrade test and
// the production build at once (the first two mostly wait on PostgreSQL, child processes and
// timers), then the end-to-end shards on that build (scripts/e2e.ts), then the quick start on its own: beside
// the shards, its dev server's first compile of the editor page outran its 60 s wait on a loaded
// machine. Each stage's figure is printed, for the closing notes' CI figures.
import { runCommand, runSideBySide, secondsSince } from "./side-by-side";

const started = Date.now();
const stage = async (label: string, work: () => Promise<string[]>) => {
  const at = Date.now();
  const failed = await work();
  console.log(`test: ${label} in ${secondsSince(at)}` + (failed.length > 0 ? `; failed: ${failed.join(", ")}` : ""));
  if (failed.length > 0) process.exit(1);
};
const npm = (script: string, name?: string, env?: Record<string, string>) => ({
  name,
  command: "npm",
  args: ["run", "--silent", script],
  env,
});

await stage("unit, upgrade and build", () =>
  runSideBySide([
    npm("test:unit", "unit"),
    npm("test:upgrade", "upgrade"),
    { name: "build", command: "npx", args: ["next", "build"] },
  ]),
);
await stage("e2e", async () =>
  (await runCommand(npm("test:e2e", undefined, { E2E_SKIP_BUILD: "1" }))) === 0 ? [] : ["e2e"],
);
await stage("quickstart", async () => ((await runCommand(npm("test:quickstart"))) === 0 ? [] : ["quickstart"]));
console.log(`test: all passed in ${secondsSince(started)}`);
