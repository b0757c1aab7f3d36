// Send is answered once the submission is stored; its first import call follows, outside the
// request (lib/outbox/kick.ts). While the service holds that call, the admin is already on the
// submission in History, sees it Sending, and then Verified without reloading.
import { expect, test } from "./fixtures";
import { EMULATOR_URL } from "./config";
import { editor, openEditor } from "./editor";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

for (const width of [1280, 390]) {
  test(`at ${width} px: Send lands on History while the service still holds the import call`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const e = editor(page);
    await connect(page);
    await openEditor(page, "ext-1001-0001"); // $100.00
    await e.button("Add line").click();
    await e.button("Split evenly").click();
    // The service waits 6 s before it handles the next import call.
    await emulatorSwitch(request, "faults", {
      rules: [
        { path_prefix: "/admin/oauth2/api/v1/imports", method: "POST", fault: "latency", latency_ms: 6_000, count: 1 },
      ],
    });

    await e.send();
    // The submission's badge: the first live status on the page (a notice below joins it later).
    const state = page.getByRole("status").first();
    await expect(state).toHaveText("Sending");
    // On History, and the service has the call but has not handled it: no import exists yet.
    await expect
      .poll(async () => (await (await request.get(`${EMULATOR_URL}/__emulator/state`)).json()).stats.faultsServed)
      .toBe(1);
    const imports = await (await request.get(`${EMULATOR_URL}/__emulator/organizations/1001/imports`)).json();
    expect(imports.imports).toEqual([]);
    await expect(state).toHaveText("Sending");
    await page.screenshot({ path: test.info().outputPath(`history-sending-${width}.png`) });

    // The page follows the service by itself.
    await expect(state).toHaveText("Verified", { timeout: 30_000 });
  });
}
