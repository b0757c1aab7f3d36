import { formatCents } from "@/lib/splits/money";

type Props = { allocatedCents: number; totalCents: number; currency: string };

/** Allocated, remaining or over: updated on every keystroke, announced politely. */
export function SumIndicator({ allocatedCents, totalCents, currency }: Props) {
  const gap = totalCents - allocatedCents;
  const tone = gap === 0 ? "ok" : gap > 0 ? "warn" : "danger";
  const percent = Math.min(100, Math.max(0, Math.round((allocatedCents / totalCents) * 100)));
  return (
    <div className={`sum sum--${tone}`} role="status" aria-live="polite" data-testid="sum-indicator">
      <div className="sum__bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
      <p>
        <strong>{formatCents(allocatedCents, currency)}</strong> allocated of {formatCents(totalCents, currency)}
        {" · "}
        {gap === 0 ? (
          <span>Fully allocated</span>
        ) : gap > 0 ? (
          <span>{formatCents(gap, currency)} remaining</span>
        ) : (
          <span>{formatCents(-gap, currency)} over</span>
        )}
      </p>
    </div>
  );
}
