// Audit 2, finding 4: a NUL character gave 500 (PostgreSQL 22021/22P05) on these inputs. One rule
// for every string that enters (lib/unicode.ts): 422 naming the field, 404 for a path id, and
// nothing stored.
import { expect, test } from "./fixtures";
import { centsToInput } from "@/lib/splits/money";
import { splitRowInput } from "../support/split-input";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

const NUL = "\u0000";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

type Refusal = { error: { code: string; message: string; fields?: Record<string, string[]> } };

test("a NUL in a body or a query is a 422 naming the field, and nothing is stored", async ({ page }) => {
  await connect(page);
  const api = page.request;
  const allocation = (change: Record<string, unknown>, row: Record<string, unknown> = {}) => ({
    transactionId: "51001001",
    totalCents: 10_000,
    currency: "USD",
    removedSplitIds: [],
    rows: [{ ...splitRowInput("ext-1001-0001:1", centsToInput(10_000)), ...row }],
    ...change,
  });
  const submission = (a: unknown) => ({ idempotencyKey: crypto.randomUUID(), allocations: [a] });
  const draft = (await (
    await api.post("/api/bulk", { data: { source: "csv", label: "gifts.csv", columns: ["transaction_id", "amount"] } })
  ).json()) as { id: string };
  const rule = { lines: [{ fund: "General", percent: "100" }], leftoverLine: 0 };

  const posts: { url: string; data: unknown; field: string }[] = [
    {
      url: "/api/submissions",
      data: submission(allocation({}, { splitId: `ext-1001-0001${NUL}:1` })),
      field: "allocations.0.rows.0.splitId",
    },
    {
      url: "/api/submissions",
      data: submission(allocation({ transactionId: `5100${NUL}1001` })),
      field: "allocations.0.transactionId",
    },
    {
      url: "/api/submissions",
      data: submission(allocation({ removedSplitIds: [`x${NUL}y`] })),
      field: "allocations.0.removedSplitIds.0",
    },
    {
      url: `/api/bulk/${draft.id}/items`,
      data: {
        groups: [
          {
            transaction: "51001002",
            rows: [{ line: 2, values: { transaction_id: "51001002", amount: "1.00" }, problem: `bad${NUL}` }],
          },
        ],
      },
      field: "groups.0.rows.0.problem",
    },
    {
      url: "/api/bulk",
      data: { source: "rule", label: "Rule run", rule, filters: { fund: `Gen${NUL}eral` } },
      field: "filters.fund",
    },
    {
      url: "/api/bulk",
      data: { source: "rule", label: "Rule run", rule, filters: { campaignId: `c${NUL}1` } },
      field: "filters.campaignId",
    },
  ];
  for (const c of posts) {
    const response = await api.post(c.url, { data: c.data as Record<string, unknown> });
    expect(response.status(), c.field).toBe(422);
    const body = (await response.json()) as Refusal;
    expect(Object.keys(body.error.fields ?? {}), c.field).toContain(c.field);
    expect(body.error.fields?.[c.field]?.join(" "), c.field).toMatch(/NUL character/);
  }
  for (const name of ["fund", "campaignId"]) {
    const response = await api.get(`/api/transactions?${name}=Gen%00eral`);
    expect(response.status(), name).toBe(422);
    expect(Object.keys(((await response.json()) as Refusal).error.fields ?? {})).toEqual([name]);
  }

  expect(await (await api.get("/api/submissions")).json()).toEqual([]);
  const drafts = (await (await api.get("/api/bulk")).json()) as { id: string; transactionCount: number }[];
  expect(drafts.map((d) => [d.id, d.transactionCount])).toEqual([[draft.id, 0]]);
});

test("a NUL in a gift's address is not found, on the routes and the page", async ({ page }) => {
  await connect(page);
  for (const path of ["/api/transactions/5100%001005", "/api/transactions/5100%001005/editor"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
  }
  const answer = await page.goto("/transactions/5100%001005");
  expect(answer?.status()).toBe(404);
  expect(answer?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const listing = await page.goto("/transactions?fund=Gen%00eral");
  expect(listing?.status()).toBe(404);
});
