// What to say about a gift the copy does not hold. The service's query API has no filter by id
// (service-facts.md: linked, changed, not_linked, campaign_id, after, before), so a gift cannot
// be fetched on its own: during a first copy it opens once the copy reaches it.
import "server-only";
import { syncProgress } from "./sync";

const count = new Intl.NumberFormat("en-US");

export async function notCopiedMessage(connectionId: string): Promise<string> {
  const sync = await syncProgress(connectionId);
  if (sync.running && sync.firstCopy) {
    const of = sync.expected === null ? "" : ` of about ${count.format(sync.expected)}`;
    return `This gift is not copied from the service yet (${count.format(sync.copied)}${of} gifts copied so far). It can be opened as soon as the copy reaches it; the copy goes on in the background.`;
  }
  return "This transaction is not known. Refresh the transactions list.";
}
