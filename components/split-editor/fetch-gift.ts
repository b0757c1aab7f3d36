// Asks the app for the gift again (GET /api/transactions/:id/editor) and says whether it is the
// one the editor has. Loaded on the first check (before a review, when the tab comes back).
import { fetchContract } from "@/lib/api-client";
import type { transactionEditor } from "@/lib/contracts/transactions";
import type { EditorData, EditorGift } from "@/lib/transactions/editor-data";
import { sameGift } from "./draft-restore";

export async function fetchGift(base: EditorGift): Promise<{ data: EditorData; same: boolean } | null> {
  try {
    const data = await fetchContract<typeof transactionEditor>(`/api/transactions/${encodeURIComponent(base.transactionId)}/editor`);
    return { data, same: sameGift(base, data.gift) };
  } catch {
    return null; // offline or signed out: the send itself will say so
  }
}
