// Which inbox items an approval takes: the selection's waiting items with a proposal, in the
// order approving takes them. Shared by the new names it would create and what it moves.
import "server-only";
import { MAX_APPROVED } from "./inbox-requests";
import { fragment } from "@/lib/db-sql";

/** The selection's waiting items with a proposal, in the order approving takes them. */
export function selectedItems(connectionId: string, items: "all" | readonly string[]) {
  return fragment`
    SELECT id, allocation FROM "InboxItem"
    WHERE "connectionId" = ${connectionId}::uuid AND status = 'waiting' AND allocation IS NOT NULL
      ${items === "all" ? fragment`` : fragment`AND id = ANY(${[...items]}::uuid[])`}
    ORDER BY "createdAt" LIMIT ${MAX_APPROVED}`;
}
