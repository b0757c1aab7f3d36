// What to say about a gift the copy does not hold. The service's query API has no filter by id
// (docs/service.md, "Querying gifts": linked, changed, not_linked, campaign_id, after, before), so a gift cannot
// be fetched on its own: during a first copy it opens once the copy reaches it. A gift the copy
// held once and no longer does was removed by a full sync that did not find it at the service
// (remove-unseen.ts): the organization's history still names it.
import "server-only";
import { db } from "@/lib/db";
import { giftsCopied } from "./gifts-copied";
import { syncProgress } from "./sync-progress";

export const REMOVED_GIFT_MESSAGE =
  "This gift is no longer in Apportion's copy: a full sync did not find it at the service, where it may have been deleted. Its past allocations stay in History.";
export const NOT_KNOWN_MESSAGE =
  "This gift is not in Apportion's copy of the service's gifts. It may have been deleted at the service, or the link is wrong.";

/** not_yet: a first copy is under way. removed: the copy held it once (History names it).
 *  unknown: nothing says it ever existed here. */
export type NotCopied = { kind: "not_yet" | "removed" | "unknown"; message: string };

/** `asked`: the id the page or request named, when there is one. */
export async function whyNotCopied(connectionId: string, asked?: string): Promise<NotCopied> {
  const sync = await syncProgress(connectionId);
  if (sync.running && sync.firstCopy) {
    return {
      kind: "not_yet",
      message: `This gift is not copied from the service yet (${giftsCopied(sync)} copied so far). It can be opened as soon as the copy reaches it; the copy goes on in the background.`,
    };
  }
  if (asked !== undefined && (await historyNames(connectionId, asked))) {
    return { kind: "removed", message: REMOVED_GIFT_MESSAGE };
  }
  return { kind: "unknown", message: NOT_KNOWN_MESSAGE };
}

export async function notCopiedMessage(connectionId: string, asked?: string): Promise<string> {
  return (await whyNotCopied(connectionId, asked)).message;
}

/** Whether one of the organization's submissions sent rows for this gift. Submissions keep the
 *  service's id, and could only be made for a gift the copy held. */
async function historyNames(connectionId: string, transactionId: string): Promise<boolean> {
  const row = await db().submissionRow.findFirst({
    where: { transactionId, submission: { connectionId } },
    select: { id: true },
  });
  return row !== null;
}
