"use client";

import { When } from "@/components/ui/when";
import { useTransactions } from "@/lib/hooks/use-transactions";
import { giftsCopied } from "@/lib/transactions/gifts-copied";

const count = new Intl.NumberFormat("en-US");

/** The connection card's line on Apportion's copy of the gifts: how many, how fresh, or how far a
 *  first copy is. Read through the transactions list (one row), which follows a copy under way. */
export function GiftCopy({ zone }: { zone: string }) {
  const { data, error } = useTransactions("perPage=1");
  if (error) return <span className="muted">Not known right now ({error.message})</span>;
  if (!data) return <span className="muted">…</span>;
  const { sync } = data;
  if (sync.running && sync.firstCopy) {
    return (
      <span>
        First copy under way: {giftsCopied(sync)} so far
        {sync.lastError ? <span className="muted"> (the last attempt stopped: {sync.lastError})</span> : null}
      </span>
    );
  }
  return (
    <span>
      {count.format(data.total)} gift{data.total === 1 ? "" : "s"}
      {data.syncedAt ? (
        <>
          , brought up to date <When iso={data.syncedAt} zone={zone} />
        </>
      ) : null}
      {sync.lastError ? <span className="muted"> (the last update stopped: {sync.lastError})</span> : null}
    </span>
  );
}
