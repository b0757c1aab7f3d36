// The route-handler contract, through HTTP with a signed-in admin's session: every bad input
// gets a clear 4xx with field paths, and nothing is stored.
import { expect, test } from "./fixtures";
import { splitRowInput } from "../support/split-input";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

const row = (amount: string, extra: Record<string, string> = {}) => splitRowInput("ext-1001-0001:1", amount, extra);
const allocation = (rows: unknown[], extra: Record<string, unknown> = {}) => ({
  transactionId: "51001001",
  totalCents: 10_000,
  currency: "USD",
  removedSplitIds: [],
  rows,
  ...extra,
});

test("submissions: 422 with field paths, 404, 409, 413 over the size limit, and nothing stored", async ({ page }) => {
  await connect(page);
  const api = page.request;
  const post = (data: unknown, headers: Record<string, string> = {}) =>
    api.post("/api/submissions", { data: data as Record<string, unknown>, headers });

  const cases: [string, unknown, number, string][] = [
    ["a body that is not an object", [1, 2], 422, "_"],
    ["a missing key", { allocations: [allocation([row("100")])] }, 422, "idempotencyKey"],
    [
      "a key that is not a UUID",
      { idempotencyKey: "abc", allocations: [allocation([row("100")])] },
      422,
      "idempotencyKey",
    ],
    [
      "a number where text belongs",
      {
        idempotencyKey: crypto.randomUUID(),
        allocations: [allocation([row("100", { fund: 5 as unknown as string })])],
      },
      422,
      "allocations.0.rows.0.fund",
    ],
    [
      "an amount in scientific notation",
      { idempotencyKey: crypto.randomUUID(), allocations: [allocation([row("1e3")])] },
      422,
      "allocations.0.rows.0.amount",
    ],
    [
      "splits that do not add up",
      { idempotencyKey: crypto.randomUUID(), allocations: [allocation([row("90")])] },
      422,
      "allocations.0.rows",
    ],
    ["no allocations", { idempotencyKey: crypto.randomUUID(), allocations: [] }, 422, "allocations"],
  ];
  for (const [name, body, status, path] of cases) {
    const response = await post(body);
    expect(response.status(), name).toBe(status);
    const { error } = await response.json();
    expect(Object.keys(error.fields ?? { _: [] }), name).toContain(path);
  }

  // A campaign the organization has never used is refused unless the request confirms it.
  const odd = "<script>alert(1)</script> Été 🎉";
  const unconfirmed = await post({
    idempotencyKey: crypto.randomUUID(),
    allocations: [allocation([row("100", { campaign: odd })])],
  });
  expect(unconfirmed.status()).toBe(409);
  const refusal = (await unconfirmed.json()).error;
  expect(refusal.message).toContain(`campaign “${odd}”`);
  expect(refusal.message).toContain("Nothing was sent.");
  expect((await (await api.get("/api/submissions")).json()) as unknown[]).toHaveLength(0);
  const html = await post({
    idempotencyKey: crypto.randomUUID(),
    allocations: [allocation([row("100", { campaign: odd })])],
    confirmedNewNames: [{ kind: "campaign", name: odd }],
  });
  expect(html.status()).toBe(201);

  const notJson = await api.post("/api/submissions", {
    data: Buffer.from("{not json"),
    headers: { "Content-Type": "application/json" },
  });
  expect(notJson.status()).toBe(422);
  expect((await notJson.json()).error.message).toContain("not valid JSON");

  const huge = await post({
    idempotencyKey: crypto.randomUUID(),
    allocations: [allocation([row("100", { campaign: "x".repeat(3 * 1024 * 1024) })])],
  });
  expect(huge.status()).toBe(413);
  expect((await huge.json()).error.message).toContain("larger than 2 MB");

  const unknown = await post({
    idempotencyKey: crypto.randomUUID(),
    allocations: [allocation([row("100")], { transactionId: "nope" })],
  });
  expect(unknown.status()).toBe(404);

  // The same key again answers the same submission; with other splits it is a conflict.
  const second = { transactionId: "51001002", totalCents: 2_500 };
  const key = crypto.randomUUID();
  const once = { idempotencyKey: key, allocations: [allocation([row("25", { splitId: "ext-1001-0002:1" })], second)] };
  expect((await post(once)).status()).toBe(201);
  expect((await post(once)).status()).toBe(200);
  const changed = {
    idempotencyKey: key,
    allocations: [
      allocation([row("20", { splitId: "ext-1001-0002:1" }), row("5", { splitId: "ext-1001-0002:2" })], second),
    ],
  };
  const conflict = await post(changed);
  expect(conflict.status()).toBe(409);
  expect((await conflict.json()).error.message).toContain("already sent with different splits");

  const crossSite = await post(
    { idempotencyKey: crypto.randomUUID(), allocations: [allocation([row("100")])] },
    { Origin: "https://evil.example" },
  );
  expect(crossSite.status()).toBe(403);

  // Only the two accepted submissions exist.
  const history = await (await api.get("/api/submissions")).json();
  expect(history).toHaveLength(2);

  expect((await api.get(`/api/submissions/${crypto.randomUUID()}`)).status()).toBe(404);
  expect((await api.get("/api/transactions/does-not-exist")).status()).toBe(404);
  const badFilter = await api.get("/api/transactions?after=yesterday");
  expect(badFilter.status()).toBe(422);
  expect(Object.keys((await badFilter.json()).error.fields)).toContain("after");
});
