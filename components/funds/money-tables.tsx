import Link from "next/link";
import type { FundMove } from "@/lib/funds/moved";
import type { CampaignRow, FundRow } from "@/lib/funds/report";
import { ScrollBox } from "@/components/ui/scroll-box";
import { formatCents } from "@/lib/splits/money";

const count = (n: number) => n.toLocaleString("en-US");

/** "Campaign id c-12" when the copy has only the id; "No campaign" for the service's default. */
export function campaignName(c: Pick<CampaignRow, "campaign" | "campaignId">): string {
  return c.campaign ?? (c.campaignId ? `Campaign id ${c.campaignId}` : "No campaign");
}

/** Money per fund: the chart's figures, each fund a link to its gifts in the gifts list. */
export function FundsTable({ rows, caption, id }: { rows: FundRow[]; caption: string; id: string }) {
  return (
    <ScrollBox label={caption}>
      <table className="table" id={id}>
        <caption className="table-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Fund</th>
            <th scope="col" className="num">
              Gifts
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((f) => (
            <tr key={`${f.currency}-${f.fund}`}>
              <th scope="row">
                <Link href={f.giftsHref}>{f.fund}</Link>
              </th>
              <td className="num">{count(f.gifts)}</td>
              <td className="num">{formatCents(f.cents, f.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

export function CampaignsTable({ rows, caption, id }: { rows: CampaignRow[]; caption: string; id: string }) {
  return (
    <ScrollBox label={caption}>
      <table className="table" id={id}>
        <caption className="table-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col" className="num">
              Gifts
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={`${c.currency}-${c.campaign ?? ""}-${c.campaignId ?? ""}`}>
              <th scope="row">{c.giftsHref ? <Link href={c.giftsHref}>{campaignName(c)}</Link> : campaignName(c)}</th>
              <td className="num">{count(c.gifts)}</td>
              <td className="num">{formatCents(c.cents, c.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** Before → after per fund, and the difference with its sign: money in is +, money out −. */
export function MovedTable({ rows, caption, id }: { rows: FundMove[]; caption: string; id: string }) {
  return (
    <ScrollBox label={caption}>
      <table className="table table--stack" id={id}>
        <caption className="table-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Fund</th>
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
              <tr key={`${m.currency}-${m.fund}`}>
                <th scope="row">{m.fund}</th>
                <td className="num" data-label="Before">
                  {formatCents(m.beforeCents, m.currency)}
                </td>
                <td className="num" data-label="After">
                  {formatCents(m.afterCents, m.currency)}
                </td>
                <td className="num" data-label="Change">
                  {change > 0 ? "+" : "−"}
                  {formatCents(Math.abs(change), m.currency)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
