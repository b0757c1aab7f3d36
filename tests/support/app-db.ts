// Direct access to the integration database for arranging and asserting.
import { db } from "@/lib/db";

export async function resetTables(): Promise<void> {
  await db().$executeRawUnsafe(`TRUNCATE "ConnectionEvent", "Connection" CASCADE`);
}
