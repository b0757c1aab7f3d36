import type { Holding } from "@/lib/splits/editor-allocation";
import { formatCents } from "@/lib/splits/money";
import { DEFAULT_CAMPAIGN_LABEL } from "@/components/name-picker/picker-logic";

/** Where money sits, one entry per split, in words: "$33.34 · Spring Appeal / General". */
export function HoldingsList({ holdings, currency }: { holdings: Holding[] | null; currency: string }) {
  if (!holdings) return <p className="small muted">Some lines are not complete yet.</p>;
  return (
    <ul className="holdings">
      {holdings.map((h, i) => (
        <li key={`${h.splitId ?? "whole"}-${i}`}>
          <strong>{formatCents(h.unitAmountCents * h.quantity, currency)}</strong>
          {h.quantity > 1 && (
            <span className="muted">
              {" "}
              ({h.quantity} × {formatCents(h.unitAmountCents, currency)})
            </span>
          )}
          {" · "}
          {h.serviceDefault ? DEFAULT_CAMPAIGN_LABEL : h.campaign}
          {h.parentCampaign && <span className="muted"> (in {h.parentCampaign})</span>} / {h.fund}
        </li>
      ))}
    </ul>
  );
}
