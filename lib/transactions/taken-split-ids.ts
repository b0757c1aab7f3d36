// The split ids a gift has used, which a new split id must not repeat (split-ids.ts): every split
// the service is known to hold, removed ones included, and every id an earlier submission sent,
// even before the service confirms it. One statement for the editor's one gift and for bulk's
// thousands (the ids travel as one array parameter).
import "server-only";
import { sql } from "@/lib/db-sql";

export async function takenSplitIds(
  connectionId: string,
  transactionIds: readonly string[],
): Promise<Map<string, string[]>> {
  const taken = new Map<string, string[]>(transactionIds.map((id) => [id, []]));
  if (transactionIds.length === 0) return taken;
  const rows = await sql<{ transactionId: string; splitId: string }>`
    SELECT "transactionId", "splitId" FROM "KnownSplit"
     WHERE "connectionId" = ${connectionId}::uuid AND "transactionId" = ANY(${transactionIds}::text[])
    UNION
    SELECT r."transactionId", r."splitId" FROM "SubmissionRow" AS r
      JOIN "Submission" AS s ON s.id = r."submissionId"
     WHERE s."connectionId" = ${connectionId}::uuid AND r."transactionId" = ANY(${transactionIds}::text[])`;
  for (const row of rows) taken.get(row.transactionId)?.push(row.splitId);
  return taken;
}
