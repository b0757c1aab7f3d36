import type { ReactNode } from "react";
import { ScrollBox } from "@/components/ui/scroll-box";
import { formatChange } from "@/lib/splits/format-change";
import { formatCents } from "@/lib/splits/money";

/** One place the money is in (a fund, a campaign and fund), before and after a change. */
export type MoneyMoveRow = {
  key: string;
  place: ReactNode;
  currency: string;
  beforeCents: number;
  afterCents: number;
};

type Props = {
  rows: MoneyMoveRow[];
  /** The column of places: "Fund", "Campaign / fund". */
  placeHeader: string;
  /** Names the table and its scroll box; shown above it unless a heading beside it says it already. */
  caption: string;
  captionHidden?: boolean;
  id?: string;
};

/** Before → after → change per place, the same headings, signs and zero on every screen that moves
 *  money (the funds page, a bulk draft, the editor's review). */
export function MovesTable({ rows, placeHeader, caption, captionHidden = false, id }: Props) {
  return (
    <ScrollBox label={caption}>
      <table className="table moves-table" id={id}>
        <caption className={captionHidden ? "visually-hidden" : "table-caption"}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{placeHeader}</th>
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
          {rows.map((m) => {
            const change = m.afterCents - m.beforeCents;
            return (
              <tr key={m.key}>
                <th scope="row">{m.place}</th>
                <td className="num" data-label="Before">
                  {formatCents(m.beforeCents, m.currency)}
                </td>
                <td className="num" data-label="After">
                  {formatCents(m.afterCents, m.currency)}
                </td>
                <td className={`num${change < 0 ? " is-down" : change > 0 ? " is-up" : ""}`} data-label="Change">
                  {formatChange(change, m.currency)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
