// How far a first copy is, in the words every screen uses. Usable on either side (no server-only):
// the transactions page, the settings card and the not-copied message all say it.
import type { SyncProgress } from "./sync-progress";

const count = new Intl.NumberFormat("en-US");

/** "22,949 of about 60,013 gifts" ("about": gifts come and go while the copy runs), or "22,949
 *  gifts" before the service has said its total. */
export function giftsCopied(sync: Pick<SyncProgress, "copied" | "expected">): string {
  const of = sync.expected === null ? "" : ` of about ${count.format(sync.expected)}`;
  return `${count.format(sync.copied)}${of} gifts`;
}
