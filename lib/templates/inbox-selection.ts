// Which inbox items an approval takes: the selection's waiting items with a proposal, in the
// order approving takes them. Shared by the new names it would create and what it moves.
import "server-only";
import { fragment } from "@/lib/db-sql";

/** Items sent in one approval at most (a bulk allocation's limit of gifts). */
export const MAX_APPROVED = 10_000;

/** The selection's waiting items with a proposal, in the order approving takes them. */
export function selectedItems(connectionId: string, items: "all" | readonly string[]) {
  return fragment`
    SELECT id, allocation FROM "InboxItem"
    WHERE "connectionId" = ${connectionId}::uuid AND status = 'waiting' AND allocation IS NOT NULL
      ${items === "all" ? fragment`` : fragment`AND id = ANY(${[...items]}::uuid[])`}
    ORDER BY "createdAt" LIMIT ${MAX_APPROVED}`;
}
