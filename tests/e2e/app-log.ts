// The e2e app server's output (kept in APP_LOG by serve-app.ts), and what must hold of it: in
// production every line is JSON (lib/log.ts), but Next.js's start banner (up to "✓ Ready in …" and
// the "✓ Running next.config.ts took …" line it prints right after, before instrumentation.ts
// runs); and no line says `deadlock detected` (tests/support/reset-app-data.ts says why it did).
import { existsSync, readFileSync } from "node:fs";
import { APP_LOG } from "./config";

export type LogLine = Record<string, unknown>;

/** The server's lines after its banner, as written. */
export function linesAfterBanner(text = readAppLog()): string[] {
  const lines = text.split("\n");
  // Next.js colours its banner even into a pipe: its lines are read without the escape codes.
  const plain = (line: string) => line.replace(/\u001b\[[0-9;]*m/g, "");
  // `next start` ended its banner with "✓ Ready in …"; npm start's own server (scripts/serve.ts)
  // logs JSON from the start, after the launcher's last line, "▸ Apportion: <address>".
  const ready = lines.findLastIndex((line) => /^\s*(✓ Ready in |▸ Apportion: http)/.test(plain(line)));
  if (ready < 0) return [];
  let from = ready + 1;
  while (from < lines.length && /^\s*✓ Running next\.config\.\w+ took /.test(plain(lines[from]!))) from++;
  return lines.slice(from).filter((line) => line.trim() !== "");
}

export function readAppLog(): string {
  return existsSync(APP_LOG) ? readFileSync(APP_LOG, "utf8") : "";
}

/** Every line after the banner, parsed; throws naming the first that is not JSON. */
export function appLogLines(): LogLine[] {
  return linesAfterBanner().map((line) => {
    try {
      return JSON.parse(line) as LogLine;
    } catch {
      throw new Error(`A line of the app's log is not JSON: ${line.slice(0, 300)}`);
    }
  });
}

/** What is wrong with the log: lines after the banner that are not JSON, and deadlocks. */
export function appLogProblems(text = readAppLog()): string[] {
  const problems: string[] = [];
  for (const line of linesAfterBanner(text)) {
    try {
      JSON.parse(line);
    } catch {
      problems.push(`not JSON: ${line.slice(0, 300)}`);
    }
  }
  for (const line of text.split("\n"))
    if (line.includes("deadlock detected")) problems.push(`deadlock: ${line.slice(0, 300)}`);
  return problems;
}
