process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/apportion_bench_sync";
process.env.APPORTION_SILENT_LOGS = "1";
const { listTransactions, transactionFiltersSchema } = await import("../lib/transactions/read");
const { db } = await import("../lib/db");
const c = await db().connection.findFirstOrThrow();
const s = await db().knownTransaction.findFirstOrThrow({ where: { connectionId: c.id } });
for (let i = 0; i < 3; i++)
for (const input of [{ campaignId: s.campaignId ?? "" }, { fund: s.fund ?? "", after: "2024-01-01", before: "2024-12-31" }, { split: "unsplit" }]) {
  const t = performance.now();
  const r = await listTransactions(c.id, transactionFiltersSchema.parse(input));
  console.log(JSON.stringify(input), r.total, (performance.now() - t).toFixed(1));
}
await db().$disconnect();
