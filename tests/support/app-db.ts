// Direct access to the integration database for arranging and asserting.
import { db } from "@/lib/db";

export async function resetTables(): Promise<void> {
  // FundsDirtyDay has no key to Connection (its triggers write it while a connection's gifts go).
  await db().$executeRawUnsafe(`TRUNCATE "ConnectionEvent", "Connection", "FundsDirtyDay" CASCADE`);
}
