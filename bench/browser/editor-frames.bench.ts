// The split editor's frames, as the admin's input meets them: real (trusted) clicks and key
// presses through Chromium's input pipeline, timed by Chromium's own Event Timing records in a
// performance trace: from the input's hardware time to the presentation of the frame that shows
// its result (what INP measures), with where that time went. The rAF-based figures of
// editor-and-bundles.bench.ts stop at the start of the next frame, so they count neither the
// frame's style, layout and paint nor anything after; and a click placed at a fixed moment after
// a frame reads close to one frame whatever the editor does.
//
// The selectors fit the editor before its rebuild (0.1.0: "Add split") and after ("Add line"), so
// both can be measured the same way in one sitting from two checkouts.
import { writeFile } from "node:fs/promises";
import { type Page, test } from "@playwright/test";
import { connect, emulatorSwitch, resetAppData } from "../../tests/e2e/helpers";
import { eventFrames, type FrameTiming, summarize } from "./trace-frames";

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  ...(process.env.TRACE_INVALIDATIONS ? ["disabled-by-default-devtools.timeline.invalidationTracking"] : []),
];

// Playwright's own trace snapshots the DOM around every action (about 20 ms each with 100 lines,
// on the page's main thread): it would be timed as the editor's.
test.use({ trace: "off", screenshot: "off" });

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

/** Before each input: the page idle (the previous input's frames done, as between a person's
 *  clicks), then 0–17 ms more, so that each input lands at a random moment of the 16.7 ms frame. */
async function pause(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1_000 })));
  await page.waitForTimeout(Math.random() * 17);
}

/** The trace is kept in the test's output folder, to be opened in DevTools' Performance panel. */
async function traced(page: Page, name: string, action: () => Promise<void>): Promise<Buffer> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: CATEGORIES });
  await action();
  // The last input's frame is presented after its handlers: give it a few frames to land.
  await page.waitForTimeout(200);
  const trace = await browser.stopTracing();
  await writeFile(test.info().outputPath(`${name}.json`), trace);
  return trace;
}

function report(what: string, timings: FrameTiming[], target: string) {
  const s = summarize(timings);
  console.log(
    `${what} (${timings.length} inputs): input → frame presented median ${s.total.p50.toFixed(1)} ms, ` +
      `p95 ${s.total.p95.toFixed(1)} ms (${target}); ` +
      `of which, medians: waiting to run ${s.inputDelay.p50.toFixed(1)}, handlers ${s.processing.p50.toFixed(1)}, ` +
      `to the frame ${s.presentation.p50.toFixed(1)} ms; main thread in that frame: style ${s.style.p50.toFixed(1)}, ` +
      `layout ${s.layout.p50.toFixed(1)}, paint ${s.paint.p50.toFixed(1)} ms`,
  );
}

test("the split editor's frames: add a line up to 100, then keystrokes with 100 lines", async ({ page }) => {
  await connect(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/transactions/51001005");
  if (process.env.EDITOR_CSS) await page.addStyleTag({ content: process.env.EDITOR_CSS });
  const add = page.getByRole("button", { name: /^Add (split|line)$/ });
  await add.waitFor();

  const addTrace = await traced(page, "add-a-line", async () => {
    while (await add.isEnabled()) {
      // Outside the measured span: the button moves down as the table grows.
      await add.scrollIntoViewIfNeeded();
      const box = (await add.boundingBox())!;
      await pause(page);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
  });
  const lines = await page.locator('[id^="amount-"]').count();
  const adding = eventFrames(addTrace, "click");

  await page.getByRole("button", { name: "Split evenly" }).click();
  const last = page.locator(`#amount-${lines - 1}`);
  await last.scrollIntoViewIfNeeded();
  await last.click();
  await page.keyboard.press("End");
  const typeTrace = await traced(page, "keystrokes", async () => {
    for (let k = 0; k < 60; k++) {
      await pause(page);
      // Type a digit, then take it away: the line's amount and the Remaining change each time.
      await page.keyboard.press(k % 2 ? "Backspace" : String(k % 10));
    }
  });
  const typing = eventFrames(typeTrace, "keydown");

  console.log(`\nSplit editor frames, ${lines} lines (Chromium's Event Timing, from a performance trace):`);
  report("  add a line", adding, "target: under 16 ms");
  report("  a keystroke in an amount", typing, "target: median under 12 ms");
});
