// The e2e run's check of the app server's log (tests/e2e/app-log.ts): it must catch a line that is
// not JSON after Next.js's banner, and a deadlock anywhere, and pass a clean log.
import { describe, expect, it } from "vitest";
import { appLogProblems, linesAfterBanner } from "../e2e/app-log";

const banner = [
  "\u001b[1m▸ Apportion: http://localhost:3205\u001b[0m",
  "\u001b[1m\u001b[38;2;173;127;168m▲ Next.js 16.4.6\u001b[39m\u001b[22m",
  "- Local:         http://localhost:3205",
  "\u001b[32m\u001b[1m✓\u001b[22m\u001b[39m Ready in 873ms",
  "\u001b[32m\u001b[1m✓\u001b[22m\u001b[39m Running next.config.ts took 357ms",
];
const json = (event: string) => JSON.stringify({ level: 30, event });

describe("the app log check", () => {
  it("passes the banner, then only JSON lines", () => {
    const text = [...banner, json("worker.started"), json("http.request"), ""].join("\n");
    expect(linesAfterBanner(text)).toHaveLength(2);
    expect(appLogProblems(text)).toEqual([]);
  });

  it("names a line after the banner that is not JSON, and any deadlock", () => {
    const deadlock = JSON.stringify({ event: "worker.deliver_failed", error: { message: "deadlock detected" } });
    const text = [...banner, json("worker.started"), " ⨯ Error: boom", deadlock].join("\n");
    expect(appLogProblems(text)).toEqual(["not JSON:  ⨯ Error: boom", `deadlock: ${deadlock}`]);
  });
});
