"use client";

import { giftsCopied } from "@/lib/transactions/gifts-copied";
import type { SyncProgress as Progress } from "@/lib/transactions/sync-progress";

/** While a copy from the service is under way: how far it is. The list around it is usable. */
export function SyncProgress({ sync }: { sync: Progress | undefined }) {
  if (!sync?.running) return null;
  if (!sync.firstCopy) {
    return (
      <p className="muted small" role="status">
        Updating from the service…
      </p>
    );
  }
  return (
    <p className="card small" role="status">
      <strong>{giftsCopied(sync)} copied.</strong> The first copy of your organization is still arriving; the gifts
      copied so far can be searched and opened now.
      {sync.lastError ? ` The last attempt stopped: ${sync.lastError} It will be tried again.` : ""}
    </p>
  );
}
