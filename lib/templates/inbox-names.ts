// The campaign and fund names a selection of inbox items would create at the service. "Approve
// all" sends every waiting item, far more than the page shows, so the browser cannot learn the
// new names from the items it holds: the server reads them from every stored proposal of the
// selection, and the admin confirms each one (createSubmission refuses any left unconfirmed).
import "server-only";
import { AppError } from "@/lib/app-error";
import { sql } from "@/lib/db-sql";
import { type NameKind, namesInUse } from "@/lib/submissions/new-names";
import { type SelectionMoves, selectionMoves } from "./inbox-moves";
import { selectedItems } from "./inbox-selection";

export { selectedItems } from "./inbox-selection";

const NOT_WAITING = "Some of these gifts are not waiting in the inbox any more. Reload the inbox.";

/**
 * The one rule of skip, approve and selection for the ids a request names: each must be an item
 * of this organization that the action can take (waiting for the admin). One that is not (another
 * organization's, gone, or decided already) makes the whole request not found (404) and nothing
 * changes, rather than acting on the rest. `found`: the distinct items the action found.
 */
export function assertEveryItemFound(asked: readonly string[], found: number): void {
  if (found !== new Set(asked).size) throw new AppError("not_found", NOT_WAITING);
}

export type InboxNewName = { kind: NameKind; name: string; /** Gifts of the selection using it. */ gifts: number };

export type SelectionSummary = {
  gifts: number;
  totalCents: number;
  newNames: InboxNewName[];
  /** What it moves, per fund before → after and in all (inbox-moves.ts). */
  moves: SelectionMoves;
};

/** What approving the selection would send: how many gifts, their total, and the new names. */
export async function selectionSummary(
  connectionId: string,
  items: "all" | readonly string[],
): Promise<SelectionSummary> {
  const [[counted], newNames, moves] = await Promise.all([
    sql<{ gifts: number; cents: string | null }>`
      SELECT count(*)::int AS gifts, sum((i.allocation ->> 'totalCents')::bigint) AS cents
      FROM (${selectedItems(connectionId, items)}) i`,
    inboxNewNames(connectionId, items),
    selectionMoves(connectionId, items),
  ]);
  const gifts = counted?.gifts ?? 0;
  if (items !== "all") assertEveryItemFound(items, gifts);
  return { gifts, totalCents: Number(counted?.cents ?? 0), newNames, moves };
}

/** Every name the selection's proposals give that the organization is not known to use. */
export async function inboxNewNames(connectionId: string, items: "all" | readonly string[]): Promise<InboxNewName[]> {
  // The same names in use as every submission's check (lib/submissions/new-names.ts).
  const inUse = await namesInUse(connectionId);
  // One statement over the stored proposals, known names left out in SQL.
  return sql<InboxNewName>`
    SELECT n.kind, n.name, count(DISTINCT i.id)::int AS gifts
    FROM (${selectedItems(connectionId, items)}) i
    CROSS JOIN LATERAL jsonb_array_elements(i.allocation -> 'rows') AS r(row)
    CROSS JOIN LATERAL (VALUES
      ('campaign', r.row ->> 'campaign'),
      ('parent', r.row ->> 'parentCampaign'),
      ('fund', r.row ->> 'fund')
    ) AS n(kind, name)
    WHERE coalesce(n.name, '') <> ''
      AND NOT (CASE WHEN n.kind = 'fund' THEN n.name = ANY(${[...inUse.funds]}::text[])
                    ELSE n.name = ANY(${[...inUse.campaigns]}::text[]) END)
    GROUP BY n.kind, n.name
    ORDER BY n.kind, n.name`;
}
