// After every e2e run: the app's log must hold no `deadlock detected` and, after Next.js's start
// banner, nothing but JSON lines (tests/e2e/app-log.ts). Fails the run otherwise, naming the lines.
import { appLogProblems, readAppLog } from "./app-log";
import { APP_LOG } from "./config";

export default function globalTeardown(): void {
  if (readAppLog() === "") return; // the server never started (a run that failed before it)
  const problems = appLogProblems();
  if (problems.length > 0) {
    throw new Error(
      `The app's log (${APP_LOG}) has ${problems.length} problem(s):\n${problems.slice(0, 20).join("\n")}`,
    );
  }
}
