// Shared set-up of the in-process benchmarks: a fresh bench database on the real PostgreSQL, an
// emulator, and a connected organization with extra gifts copied into Apportion.
import { startEmulator } from "../emulator/server";
import { applyMigrations, databaseUrl, recreateDatabase } from "../tests/support/database";

export type BenchGift = { transactionId: string; externalId: string; amountCents: number };

// BENCH_DATABASE lets two work trees on one machine bench without dropping each other's database.
const DATABASE = process.env.BENCH_DATABASE ?? "apportion_bench";

export async function prepareBench(options: { importDelayMs: number; gifts: BenchGift[] }) {
  await recreateDatabase(DATABASE);
  await applyMigrations(databaseUrl(DATABASE));
  const emulator = await startEmulator({ port: 0, importDelayMs: options.importDelayMs });
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl(DATABASE),
    SERVICE_BASE_URL: emulator.url,
    APPORTION_SILENT_LOGS: "1",
  });
  // Imported only now: they read the configuration set just above.
  const { connectOrganization } = await import("../tests/support/connected-org");
  const { syncTransactions } = await import("../lib/transactions/sync");
  const connection = await connectOrganization(emulator);
  for (const gift of options.gifts) {
    await fetch(`${emulator.url}/__emulator/organizations/1001/transactions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        transaction_id: gift.transactionId,
        external_id: gift.externalId,
        amount_in_cents: gift.amountCents,
        transaction_time: "2026-03-01T00:00:00Z",
        contact_name: `Donor ${gift.externalId}`,
      }),
    });
  }
  await syncTransactions(connection.id);
  return { emulator, connection };
}
