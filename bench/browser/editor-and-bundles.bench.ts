// Benchmark 1: the split editor with 200 rows in Chromium: from a keystroke in an amount field to
// the updated Remaining (the editor's own work: median under 2 ms, p95 under 4 ms; to the frame that
// shows it: median under 12 ms), and adding a row (under 16 ms).
// Benchmark 5: first-load JavaScript of each route from the production build, gzip (target: the
// split editor under 160 kB).
import { gzipSync } from "node:zlib";
import { type Page, type Response, test } from "@playwright/test";
import { connect, emulatorSwitch, resetAppData } from "../../tests/e2e/helpers";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

async function firstLoadJs(page: Page, url: string): Promise<number> {
  const bodies: Promise<Buffer>[] = [];
  const listener = (response: Response) => {
    if (response.request().resourceType() === "script") bodies.push(response.body());
  };
  page.on("response", listener);
  await page.goto(url, { waitUntil: "networkidle" });
  page.off("response", listener);
  const all = await Promise.all(bodies);
  return all.reduce((sum, body) => sum + gzipSync(body).length, 0);
}

async function scriptsDuring(page: Page, action: () => Promise<void>): Promise<number> {
  const bodies: Promise<Buffer>[] = [];
  const listener = (response: Response) => {
    if (response.request().resourceType() === "script") bodies.push(response.body());
  };
  page.on("response", listener);
  await action();
  page.off("response", listener);
  const all = await Promise.all(bodies);
  return all.reduce((sum, body) => sum + gzipSync(body).length, 0);
}

test("first-load JS per route, and the editor's keystroke-to-sum latency with 200 rows", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await connect(page);

  const routes = ["/transactions", "/transactions/51001005", "/history", "/settings", "/bulk"];
  const sizes: string[] = [];
  for (const route of routes) {
    // A fresh page each time: nothing cached from the previous route.
    const fresh = await context.newPage();
    await fresh.route("**/*", (r) =>
      r.continue({ headers: { ...r.request().headers(), "cache-control": "no-cache" } }),
    );
    const bytes = await firstLoadJs(fresh, route);
    sizes.push(`  ${route.padEnd(26)} ${(bytes / 1024).toFixed(1)} kB gzip`);
    if (route.startsWith("/transactions/")) {
      // Not first-load, but not hidden either: what the editor fetches on first use (the pickers
      // when the table is reached, the review when the pointer comes near it; before the rebuild,
      // validation on first focus and the JSON preview).
      const later = await scriptsDuring(fresh, async () => {
        await fresh.locator("#amount-0").focus();
        await fresh.locator("#amount-0").hover();
        const preview = fresh.getByText("Preview the import the service will receive");
        if (await preview.count()) await preview.click();
        await fresh.waitForTimeout(1_500); // the load state is already "networkidle"
      });
      sizes.push(`  ${"  + on first use".padEnd(26)} ${(later / 1024).toFixed(1)} kB gzip`);
    }
    await fresh.close();
  }
  const anonymous = await browser.newPage();
  sizes.unshift(`  ${"/ (landing)".padEnd(26)} ${((await firstLoadJs(anonymous, "/")) / 1024).toFixed(1)} kB gzip`);
  await anonymous.close();

  // The editor of a $1,000.00 gift, grown to 200 rows. The selectors fit the editor before and
  // after its rebuild ("Add split"/"Add line", the sum indicator/"Remaining"), so both can be
  // measured the same way in one sitting.
  await page.goto("/transactions/51001005");
  // Clicks the real button 199 times inside the page (Playwright's accessible-name lookup over a
  // DOM this size would dominate otherwise). Two figures per click: until the new row is in the
  // DOM (the editor's work), and until the frame that shows it; then a pause, as between clicks.
  const adding = await page.evaluate(async () => {
    const button = [...document.querySelectorAll("button")].find((b) =>
      /^Add (split|line)$/.test(b.textContent ?? ""),
    )!;
    const rows = () => document.querySelectorAll('[data-testid^="line-"], [data-testid^="split-row-"]').length;
    const work: number[] = [];
    const frame: number[] = [];
    // A gift holds at most 100 lines (the service takes a gift's rows in one import of at most 100,
    // removals included); the button is disabled there. The benchmark before the rebuild asked for
    // 200 and measured 100 too: its last 99 clicks fell on a disabled button.
    for (let i = 1; i < 200 && !button.disabled; i++) {
      const before = rows();
      const t0 = performance.now();
      const added = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (rows() > before) {
            observer.disconnect();
            resolve(performance.now());
          }
        });
        observer.observe(document.body, { subtree: true, childList: true });
      });
      button.click();
      work.push((await added) - t0);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      frame.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return { work, frame, rows: rows() };
  });
  await page.getByRole("button", { name: "Split evenly" }).click();
  await page.locator(`#amount-${adding.rows - 1}`).click();
  // Each keystroke starts from a task of its own at a random moment of the frame, as a person's
  // would. Two figures: until the new figure is committed to the DOM (the editor's work), and
  // until the next frame begins (what the admin sees; includes waiting for the frame).
  const { samples, committed } = await page.evaluate(async (lineCount) => {
    const input = document.getElementById(`amount-${lineCount - 1}`) as HTMLInputElement;
    const indicator = document.querySelector('[data-testid="remaining"], [data-testid="sum-indicator"] p')!;
    const results: number[] = [];
    const commits: number[] = [];
    for (let k = 0; k < 60; k++) {
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 17));
      const before = indicator.textContent;
      let committedAt = 0;
      const changed = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (indicator.textContent !== before) {
            observer.disconnect();
            committedAt = performance.now();
            // The frame that shows it.
            requestAnimationFrame(() => resolve(performance.now()));
          }
        });
        observer.observe(indicator, { subtree: true, characterData: true, childList: true });
      });
      const t0 = performance.now();
      // What a keystroke does to a React-controlled input: set the value natively, fire input.
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      setter.call(input, `${5 + (k % 9)}.${k % 2 ? "0" : "5"}0`);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      results.push((await changed) - t0);
      commits.push(committedAt - t0);
    }
    return { samples: results, committed: commits };
  }, adding.rows);
  const at = (p: number, of = samples) => {
    const sorted = [...of].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  };
  console.log(`\nFirst-load JavaScript (production build, gzip):\n${sizes.join("\n")}`);
  console.log(
    `\nSplit editor: adding a row (${adding.work.length} clicks, up to ${adding.rows} rows): the editor's work (click → row in the DOM) ` +
      `median ${at(0.5, adding.work).toFixed(1)} ms, p95 ${at(0.95, adding.work).toFixed(1)} ms; ` +
      `to the frame that shows it median ${at(0.5, adding.frame).toFixed(1)} ms (target: under 16 ms)`,
  );
  console.log(
    `Split editor, ${adding.rows} rows: keystroke → updated sum on screen, ${samples.length} keystrokes: ` +
      `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms (target: median < 12 ms)`,
  );
  console.log(
    `  of which the editor's work (input event → sum committed to the DOM): ` +
      `median ${at(0.5, committed).toFixed(1)} ms, p95 ${at(0.95, committed).toFixed(1)} ms (target: < 2 / < 4 ms)`,
  );
  await context.close();
});
