// Gifts deleted at the service (README, "A large organization"): gone from the query API and its
// total, from a query already under way, and from the imports (a row naming one is not found).
// Nothing marks a deletion for the `changed` filter: a changes-only read cannot see it, which is
// what the app's sync has to notice by counting.
import { chooseIndices } from "./generate";
import type { Organization } from "./seed";
import type { EmulatorState } from "./state";

export type DeleteRequest = { count: number; seed: number } | { ids: string[] };

/** The deleted ids, or the ids of the request that are not the organization's (nothing deleted). */
export function deleteTransactions(
  state: EmulatorState,
  org: Organization,
  request: DeleteRequest,
): { deleted: string[] } | { unknown: string[] } {
  let ids: string[];
  if ("ids" in request) {
    const held = new Set(org.transactions.map((t) => t.transaction_id));
    const unknown = request.ids.filter((id) => !held.has(id));
    if (unknown.length > 0) return { unknown };
    ids = [...new Set(request.ids)];
  } else {
    ids = chooseIndices(org.transactions.length, request.count, request.seed).flatMap((i) => {
      const t = org.transactions[i];
      return t ? [t.transaction_id] : [];
    });
  }
  const gone = new Set(ids);
  org.transactions = org.transactions.filter((t) => !gone.has(t.transaction_id));
  // An id once given is never given again (new gifts, generated ones and the test switch skip it).
  for (const id of ids) org.deletedIds.add(id);
  // Its splits go with it: they are rows of the same table at the service.
  const splits = state.splits.get(org.id);
  if (splits)
    state.splits.set(
      org.id,
      splits.filter((s) => !gone.has(s.transaction_id)),
    );
  // A query under way stops listing them too; its later pages shift so that nothing is skipped.
  for (const token of state.queryTokens.values()) {
    if (token.organizationId !== org.id) continue;
    const removedBefore = token.matches.slice(0, token.offset).filter((t) => gone.has(t.transaction_id)).length;
    token.matches = token.matches.filter((t) => !gone.has(t.transaction_id));
    token.offset -= removedBefore;
  }
  return { deleted: ids };
}
