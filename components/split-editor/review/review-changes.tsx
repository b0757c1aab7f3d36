import type { Destination } from "@/lib/splits/allocation-changes";
import { MovesTable } from "@/components/ui/moves-table";
import { DEFAULT_CAMPAIGN_LABEL } from "@/components/name-picker/picker-logic";

type Props = { changes: Destination[]; currency: string; total: number };

const label = (d: Destination) => `${d.serviceDefault ? DEFAULT_CAMPAIGN_LABEL : d.campaign} / ${d.fund}`;

/** Per campaign and fund: before, after and the change, with the two allocations as bars. */
export function ChangesTable({ changes, currency, total }: Props) {
  return (
    <>
      <MovesTable
        caption="Where the money goes, before and after"
        captionHidden
        placeHeader="Campaign / fund"
        rows={changes.map((d, i) => ({
          key: d.key,
          place: (
            <>
              <span className={`swatch swatch--${i % 8}`} aria-hidden="true" /> {label(d)}
              {d.parentCampaign && <span className="muted small"> (in {d.parentCampaign})</span>}
            </>
          ),
          currency,
          beforeCents: d.beforeCents,
          afterCents: d.afterCents,
        }))}
      />
      <div className="bars" aria-hidden="true">
        <Bar title="Before" changes={changes} side="beforeCents" total={total} />
        <Bar title="After" changes={changes} side="afterCents" total={total} />
      </div>
    </>
  );
}

function Bar({
  title,
  changes,
  side,
  total,
}: {
  title: string;
  changes: Destination[];
  side: "beforeCents" | "afterCents";
  total: number;
}) {
  return (
    <div className="bars__row">
      <span className="bars__title">{title}</span>
      <div className="bars__bar">
        {changes.map((d, i) =>
          d[side] > 0 ? (
            <span
              key={d.key}
              className={`swatch--${i % 8}`}
              style={{ width: `${(d[side] / total) * 100}%` }}
              title={label(d)}
            />
          ) : null,
        )}
      </div>
    </div>
  );
}
