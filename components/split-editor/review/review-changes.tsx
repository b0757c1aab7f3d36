import type { Destination } from "@/lib/splits/allocation-changes";
import { ScrollBox } from "@/components/ui/scroll-box";
import { formatChange } from "@/lib/splits/format-change";
import { formatCents } from "@/lib/splits/money";
import { DEFAULT_CAMPAIGN_LABEL } from "@/components/name-picker/picker-logic";

type Props = { changes: Destination[]; currency: string; total: number };

const label = (d: Destination) => `${d.serviceDefault ? DEFAULT_CAMPAIGN_LABEL : d.campaign} / ${d.fund}`;

/** Per campaign and fund: before, after and the change, with the two allocations as bars. */
export function ChangesTable({ changes, currency, total }: Props) {
  return (
    <>
      <ScrollBox label="Where the money goes">
        <table className="table review-table">
          <caption className="visually-hidden">Where the money goes, before and after</caption>
          <thead>
            <tr>
              <th scope="col">Campaign / fund</th>
              <th scope="col" className="num">
                Before
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
            {changes.map((d, i) => {
              const delta = d.afterCents - d.beforeCents;
              return (
                <tr key={d.key}>
                  <th scope="row">
                    <span className={`swatch swatch--${i % 8}`} aria-hidden="true" /> {label(d)}
                    {d.parent && <span className="muted small"> (in {d.parent})</span>}
                  </th>
                  <td className="num" data-label="Before">
                    {d.beforeCents ? formatCents(d.beforeCents, currency) : "—"}
                  </td>
                  <td className="num" data-label="After">
                    {d.afterCents ? formatCents(d.afterCents, currency) : "—"}
                  </td>
                  <td data-label="Change" className={`num${delta < 0 ? " is-down" : delta > 0 ? " is-up" : ""}`}>
                    {delta === 0 ? "no change" : formatChange(delta, currency)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollBox>
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
