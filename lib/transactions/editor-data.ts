// What the split editor needs to open a gift, and to check it again later: the gift with where
// its money is, every split id ever used for it, and whether an earlier submission is still on
// its way. Read by the editor's page and by GET /api/transactions/:id/editor.
import "server-only";
import { inFlightTransactions } from "@/lib/submissions/lookups";
import { editorHome, type Placement } from "@/lib/splits/placement";
import { takenSplitIds } from "@/lib/transactions/taken-split-ids";
import { type CampaignOption, getTransaction, knownNames, type TransactionView } from "./read";

export type EditorGift = TransactionView & { home: Placement };

export type EditorData = {
  gift: EditorGift;
  /** Every split id the app has seen for this gift, removed ones and unconfirmed ones included. */
  takenSplitIds: string[];
  inFlight: boolean;
};

export async function editorData(
  connectionId: string,
  transactionId: string,
  campaigns?: readonly CampaignOption[],
): Promise<EditorData | null> {
  const [transaction, taken, inFlight, names] = await Promise.all([
    getTransaction(connectionId, transactionId),
    takenSplitIds(connectionId, [transactionId]),
    inFlightTransactions(connectionId, [transactionId]),
    campaigns ? Promise.resolve({ campaigns }) : knownNames(connectionId),
  ]);
  if (!transaction) return null;
  const parent = names.campaigns.find((c) => c.name === transaction.campaign);
  return {
    // New lines start where the money is now: a split gift's largest split, else the gift's own.
    gift: { ...transaction, home: editorHome(transaction, transaction.splits, parent) },
    takenSplitIds: taken.get(transactionId) ?? [],
    inFlight: inFlight.length > 0,
  };
}
