"use client";

import type { DraftPreview } from "@/lib/bulk/read";
import { MovesTable } from "@/components/ui/moves-table";

/** Before Send: where the money of the draft's gifts is now and where it will be, per place. */
export function DraftMoves({ moves: { moves, more, currency } }: { moves: DraftPreview["moves"] }) {
  if (moves.length === 0) return null;
  if (!currency) {
    return <p className="small">These gifts are in several currencies: see each gift below for what changes.</p>;
  }
  return (
    <div className="bulk-moves">
      <h3>What sending changes at the service</h3>
      <MovesTable
        caption="What sending changes, per campaign and fund"
        captionHidden
        placeHeader="Campaign / fund"
        rows={moves.map((m) => ({
          key: `${m.campaign ?? ""}:${m.fund}`,
          place: `${m.campaign ?? "Service default campaign"} / ${m.fund}`,
          currency,
          beforeCents: m.beforeCents,
          afterCents: m.afterCents,
        }))}
      />
      {more > 0 && (
        <p className="small">
          And {more} more place{more === 1 ? "" : "s"} with smaller changes: see each gift below.
        </p>
      )}
    </div>
  );
}
