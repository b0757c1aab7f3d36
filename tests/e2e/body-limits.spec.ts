// Audit finding 1: request bodies must be limited while they stream, on every route, so that a
// large body cannot grow the server's memory. Measured on the production server's own process.
import { expect, test } from "./fixtures";
import { pidListeningOn, watchMemory } from "../support/process-memory";
import { sendBigBody } from "./big-body";
import { APP_PORT, APP_URL } from "./config";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

const BIG = 300 * 1024 * 1024;
const MEMORY_BOUND = 50 * 1024 * 1024;

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

async function bigBody(path: string, headers: Record<string, string> = {}) {
  const memory = watchMemory(pidListeningOn(APP_PORT));
  const answer = await sendBigBody({ port: APP_PORT, path, totalBytes: BIG, headers });
  const grewBy = memory.stop();
  // The figure, for the record (docs/architecture.md, "Request bodies"): how much the server grew.
  console.log(`[body-limits] ${path}: ${answer.status}, resident memory +${(grewBy / 1048576).toFixed(1)} MB`);
  return { ...answer, grewBy };
}

function expectRefusedInWords(answer: { status: number; body: string }) {
  expect(answer.status).toBe(413);
  const parsed = JSON.parse(answer.body) as { error: { code: string; message: string } };
  expect(parsed.error.code).toBe("payload_too_large");
  expect(parsed.error.message).toMatch(/larger than \d+ (KB|MB)/);
}

test("a 300 MB chunked body to next-auth's sign-in, with no session, is refused with 413 and memory stays flat", async () => {
  const answer = await bigBody("/api/auth/signin/playground", {
    "Content-Type": "application/x-www-form-urlencoded",
  });
  expectRefusedInWords(answer);
  expect(answer.sentBytes).toBeLessThan(BIG);
  expect(answer.grewBy).toBeLessThan(MEMORY_BOUND);
});

test("a 300 MB chunked body to a signed-in JSON route is refused with 413 and memory stays flat", async ({ page }) => {
  await connect(page);
  const cookie = (await page.context().cookies(APP_URL)).map((c) => `${c.name}=${c.value}`).join("; ");
  for (const path of ["/api/rules", "/api/submissions", "/api/bulk"]) {
    const answer = await bigBody(path, { Cookie: cookie, Origin: APP_URL });
    expectRefusedInWords(answer);
    expect(answer.grewBy, path).toBeLessThan(MEMORY_BOUND);
  }
  // A route that takes no body never reads one: it answers as usual, and memory stays flat.
  const check = await bigBody("/api/connection/check", { Cookie: cookie, Origin: APP_URL });
  expect(check.status).toBe(200);
  expect(check.grewBy).toBeLessThan(MEMORY_BOUND);
  // The session still works: nothing was stored and nothing broke.
  expect((await page.request.get("/api/rules")).status()).toBe(200);
});

test("a declared Content-Length over the limit is refused before any of the body is sent", async () => {
  for (const path of ["/api/auth/signin/playground", "/api/auth/callback/playground", "/api/rules"]) {
    const answer = await sendBigBody({ port: APP_PORT, path, totalBytes: BIG, declareOnly: true });
    expectRefusedInWords(answer);
    expect(answer.sentBytes).toBe(0);
  }
});

test("a large body sent to a page is never read", async () => {
  // Pages take no bodies (the app has no server actions): memory must not grow either.
  for (const [path, type] of [
    ["/", "application/x-www-form-urlencoded"],
    ["/settings", "multipart/form-data; boundary=x"],
  ] as const) {
    const answer = await bigBody(path, { "Content-Type": type });
    expect(answer.status, path).toBeGreaterThanOrEqual(200);
    expect(answer.grewBy, path).toBeLessThan(MEMORY_BOUND);
  }
});
