// Audit finding 3: half of a UTF-16 surrogate pair ("\ud800") in a name gave 500 on four routes
// (PostgreSQL refuses it in JSON). It must be a 422 naming the field, with nothing stored.
import { expect, test } from "./fixtures";
import { centsToInput } from "@/lib/splits/money";
import { splitRowInput } from "../support/split-input";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

const HALF = "\ud800";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

type Refusal = { error: { code: string; message: string; fields?: Record<string, string[]> } };

test("a lone surrogate in a fund, a rule name or a bulk label is a 422 naming the field, and nothing is stored", async ({
  page,
}) => {
  await connect(page);
  const api = page.request;
  const rule = { lines: [{ fund: "General", percent: "100" }], leftoverLine: 0 };
  const allocation = {
    transactionId: "51001001",
    totalCents: 10_000,
    currency: "USD",
    removedSplitIds: [],
    rows: [splitRowInput("ext-1001-0001:1", centsToInput(10_000), { fund: `Gen${HALF}eral` })],
  };
  const draft = (await (
    await api.post("/api/bulk", { data: { source: "csv", label: "gifts.csv", columns: ["transaction_id", "amount"] } })
  ).json()) as { id: string };

  const cases: { name: string; url: string; data: unknown; field: string; words: RegExp }[] = [
    {
      name: "fund of a split",
      url: "/api/submissions",
      data: { idempotencyKey: crypto.randomUUID(), allocations: [allocation] },
      field: "allocations.0.rows.0.fund",
      words: /^Fund contains an incomplete character/,
    },
    { name: "rule name", url: "/api/rules", data: { name: `Rule ${HALF}`, rule }, field: "name", words: /^Name/ },
    {
      name: "fund of a rule line",
      url: "/api/rules",
      data: { name: "Rule", rule: { ...rule, lines: [{ fund: HALF, percent: "100" }] } },
      field: "rule.lines.0.fund",
      words: /^Fund/,
    },
    {
      name: "bulk label",
      url: "/api/bulk",
      data: { source: "csv", label: `gifts${HALF}.csv`, columns: ["transaction_id"] },
      field: "label",
      words: /^The name/,
    },
    {
      name: "bulk line value",
      url: `/api/bulk/${draft.id}/items`,
      data: {
        groups: [
          { transaction: "51001002", rows: [{ line: 2, values: { transaction_id: "51001002", amount: `1${HALF}` } }] },
        ],
      },
      field: "groups.0.rows.0.values.amount",
      words: /^A value/,
    },
  ];
  for (const c of cases) {
    const response = await api.post(c.url, { data: c.data as Record<string, unknown> });
    expect(response.status(), c.name).toBe(422);
    const body = (await response.json()) as Refusal;
    expect(Object.keys(body.error.fields ?? {}), c.name).toContain(c.field);
    expect(body.error.fields?.[c.field]?.[0], c.name).toMatch(c.words);
  }

  expect(await (await api.get("/api/submissions")).json()).toEqual([]);
  expect(await (await api.get("/api/rules")).json()).toEqual([]);
  const drafts = (await (await api.get("/api/bulk")).json()) as { id: string; transactionCount: number }[];
  expect(drafts.map((d) => [d.id, d.transactionCount])).toEqual([[draft.id, 0]]);
});
