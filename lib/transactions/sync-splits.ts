// Whether a sync run asks the service for each gift's splits (`include: ["splits"]`, the
// emulator's choice: the interface shows no way to read splits, docs/service.md). A service that
// refuses the request is asked again without it (read-page.ts); one that answers without splits
// cannot show them. Either way the run reads on without asking, and the connection remembers it
// (TransactionSync.splitsShown false): changes runs then do not ask, and the next full run (at
// least daily) asks once again. The Funds page says its figures then count the splits made
// through Apportion only.
import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import type { TransactionSync } from "@/lib/generated/prisma/client";
import type { QueryAnswer } from "@/lib/service/transactions";

/** One run's choice, shared by its readers (the windows of a sliced run read at once). */
export class SplitsReading {
  private constructor(
    private readonly connectionId: string,
    /** New queries ask for splits while true. */
    public ask: boolean,
  ) {}

  /** A full run asks: it is what brings the copy's splits made elsewhere up to date. A changes
   *  run asks unless the service was found not to show them. */
  static forRun(sync: Pick<TransactionSync, "connectionId" | "splitsShown">, mode: "full" | "changes") {
    return new SplitsReading(sync.connectionId, mode === "full" || sync.splitsShown !== false);
  }

  /** After an answer to a query that asked: gifts without `splits` mean the service does not
   *  show them (an empty page says nothing). */
  async answered(answer: QueryAnswer | "token lapsed"): Promise<void> {
    if (!this.ask || answer === "token lapsed" || answer.results.every((t) => t.splits !== undefined)) return;
    this.ask = false;
    await db().transactionSync.update({
      where: { connectionId: this.connectionId },
      data: { splitsShown: false, splitsMissed: true },
    });
    log.info("sync.splits_not_shown", { connectionId: this.connectionId });
  }
}

/** What a complete run says of the copy's splits made elsewhere: a full run that read every
 *  page with its splits holds them all; a changes run leaves the word to the last full one. */
export function splitsAfterRun(sync: Pick<TransactionSync, "mode" | "splitsMissed">): { splitsShown?: boolean } {
  return sync.mode === "full" ? { splitsShown: !sync.splitsMissed } : {};
}
