import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HARBOR, connect, startTestEmulator, type TestEmulator } from "./helpers";
import { activeSplitsOf, getImport, row, submit, waitForImport } from "./import-helpers";

// A real delay, so that the states in between can be observed: long enough that a loaded machine's
// polls (every 5 ms, but each one a fetch that can wait its turn for 100 ms or more) still land in
// each state; at 120 ms the first poll sometimes came after "Working/Pending" had passed.
let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator({ importDelayMs: 400 });
});
afterAll(async () => {
  await emu.close();
});

const EXT_1 = "ext-1001-0001";

describe("processing order", () => {
  it("processes one organization's imports one at a time, in the order received", async () => {
    const token = (await connect(emu)).access_token;
    // The second import only works after the first: it deletes a split the first creates.
    const first = await submit(emu, token, [
      row(EXT_1, 6000, { id: `${EXT_1}:a` }),
      row(EXT_1, 4000, { id: `${EXT_1}:b` }),
    ]);
    const second = await submit(emu, token, [
      row(EXT_1, 4000, { id: `${EXT_1}:b`, deleted_at: 1767225600 }),
      row(EXT_1, 4000, { id: `${EXT_1}:c` }),
    ]);

    const seen: string[] = [];
    await vi.waitFor(
      async () => {
        // One snapshot of both: two separate GETs could straddle a transition and see
        // "Working/Working" across time.
        const view = await fetch(`${emu.url}/__emulator/organizations/1001/imports`);
        const { imports } = (await view.json()) as { imports: { id: number; status: string }[] };
        const [a, b] = [first, second].map((id) => imports.find((record) => record.id === id)?.status);
        const sample = `${a}/${b}`;
        if (seen.at(-1) !== sample) seen.push(sample);
        expect(b).toBe("Complete");
      },
      { timeout: 6_000, interval: 5 },
    );
    // Never both Working, and the second never starts before the first completes.
    for (const sample of seen) {
      expect([
        "Pending/Pending",
        "Working/Pending",
        "Complete/Pending",
        "Complete/Working",
        "Complete/Complete",
      ]).toContain(sample);
    }
    expect(seen).toContain("Working/Pending");
    expect(seen).toContain("Complete/Working");
    expect(seen.at(-1)).toBe("Complete/Complete");

    expect((await waitForImport(emu, token, second)).rows_imported).toBe(2);
    expect((await activeSplitsOf(emu, 1001, "51001001")).map((s) => s.id)).toEqual([`${EXT_1}:a`, `${EXT_1}:c`]);
  });

  it("gives each organization its own queue", async () => {
    const riverside = (await connect(emu)).access_token;
    const harbor = (await connect(emu, { email: HARBOR.email })).access_token;
    const mine = await submit(emu, riverside, [row("ext-1001-0002", 2500, { id: "ext-1001-0002:r" })]);
    const theirs = await submit(emu, harbor, [row("ext-1002-0002", 2500, { id: "ext-1002-0002:h" })]);
    // One queue for both would never show the two Working at once.
    const both = async () => [
      (await getImport(emu, riverside, mine)).status,
      (await getImport(emu, harbor, theirs)).status,
    ];
    await expect.poll(both, { interval: 5, timeout: 2_000 }).toEqual(["Working", "Working"]);
    await waitForImport(emu, riverside, mine);
    await waitForImport(emu, harbor, theirs);
  });
});
