import Link from "next/link";
import type { FundMove } from "@/lib/funds/moved";
import type { CampaignRow, FundRow } from "@/lib/funds/report";
import { MovesTable } from "@/components/ui/moves-table";
import { ScrollBox } from "@/components/ui/scroll-box";
import { formatCents } from "@/lib/splits/money";

const count = (n: number) => n.toLocaleString("en-US");

/** "Campaign id c-12" when the copy has only the id; "No campaign" for the service's default. */
function campaignName(c: Pick<CampaignRow, "campaign" | "campaignId">): string {
  return c.campaign ?? (c.campaignId ? `Campaign id ${c.campaignId}` : "No campaign");
}

/** One line of a totals table and its bar: a fund or a campaign, with its gifts-list address. */
export type PlaceTotal = {
  key: string;
  name: string;
  href: string | null;
  gifts: number;
  cents: number;
  currency: string;
};

export const fundPlaces = (rows: FundRow[]): PlaceTotal[] =>
  rows.map((f) => ({ key: `${f.currency}-${f.fund}`, name: f.fund, href: f.giftsHref, ...money(f) }));

export const campaignPlaces = (rows: CampaignRow[]): PlaceTotal[] =>
  rows.map((c) => ({
    key: `${c.currency}-${c.campaign ?? ""}-${c.campaignId ?? ""}`,
    name: campaignName(c),
    href: c.giftsHref,
    ...money(c),
  }));

const money = (r: { gifts: number; cents: number; currency: string }) => ({
  gifts: r.gifts,
  cents: r.cents,
  currency: r.currency,
});

/** Money per fund or per campaign: the chart's figures, each name a link to its gifts where the
 *  gifts list can filter by it. */
export function TotalsTable({
  rows,
  caption,
  id,
  nameHeader,
}: {
  rows: PlaceTotal[];
  caption: string;
  id: string;
  nameHeader: string;
}) {
  return (
    <ScrollBox label={caption}>
      <table className="table" id={id}>
        <caption className="table-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameHeader}</th>
            <th scope="col" className="num">
              Gifts with money here
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.href ? <Link href={r.href}>{r.name}</Link> : r.name}</th>
              <td className="num">{count(r.gifts)}</td>
              <td className="num">{formatCents(r.cents, r.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** Before → after per fund, and the difference with its sign. */
export function MovedTable({ rows, caption, id }: { rows: FundMove[]; caption: string; id: string }) {
  return (
    <MovesTable
      id={id}
      caption={caption}
      placeHeader="Fund"
      rows={rows.map((m) => ({ key: `${m.currency}-${m.fund}`, place: m.fund, ...m }))}
    />
  );
}
