import { apiRoute } from "@/lib/api/route";
import { syncTransactions } from "@/lib/transactions/sync";

/** Brings the local copy of the organization's transactions up to date from the service. */
export const POST = apiRoute({}, async ({ connection }) => ({ synced: await syncTransactions(connection.id) }));
