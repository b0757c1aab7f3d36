"use client";

import type { DraftPreview } from "@/lib/bulk/read";
import { formatChange } from "@/lib/splits/format-change";
import { formatCents } from "@/lib/splits/money";
import { ScrollBox } from "@/components/ui/scroll-box";

/** Before Send: where the money of the draft's gifts is now and where it will be, per place. */
export function DraftMoves({ moves: { moves, more, currency } }: { moves: DraftPreview["moves"] }) {
  if (moves.length === 0) return null;
  if (!currency) {
    return <p className="small">These gifts are in several currencies: see each gift below for what changes.</p>;
  }
  const money = (cents: number) => formatCents(cents, currency);
  return (
    <div className="bulk-moves">
      <h3 id="moves-title">What sending changes at the service</h3>
      <ScrollBox label="What sending changes, per campaign and fund">
        <table className="table table--stack" aria-labelledby="moves-title">
          <thead>
            <tr>
              <th scope="col">Campaign</th>
              <th scope="col">Fund</th>
              <th scope="col" className="num">
                Now
              </th>
              <th scope="col" className="num">
                After
              </th>
              <th scope="col" className="num">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {moves.map((m) => (
              <tr key={`${m.campaign ?? ""}:${m.fund}`}>
                <td data-label="Campaign">{m.campaign ?? "Service default campaign"}</td>
                <td data-label="Fund">{m.fund}</td>
                <td data-label="Now" className="num">
                  {money(m.beforeCents)}
                </td>
                <td data-label="After" className="num">
                  {money(m.afterCents)}
                </td>
                <td data-label="Change" className="num">
                  <strong>{formatChange(m.afterCents - m.beforeCents, currency)}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {more > 0 && (
        <p className="small">
          And {more} more place{more === 1 ? "" : "s"} with smaller changes: see each gift below.
        </p>
      )}
    </div>
  );
}
