import { BarChart } from "@/components/funds/bar-chart";
import { campaignPlaces, fundPlaces, MovedTable, type PlaceTotal, TotalsTable } from "@/components/funds/money-tables";
import { RangeForm } from "@/components/funds/range-form";
import { Notice } from "@/components/ui/notice";
import { requireConnection } from "@/lib/auth/session";
import { fundsRangeSchema, rangeQuery } from "@/lib/funds/range";
import { type FundsReport, fundsReport } from "@/lib/funds/report";
import { formatCents } from "@/lib/splits/money";

export const metadata = { title: "Where the money is" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const shown = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));

export default async function FundsPage({ searchParams }: Props) {
  const connection = await requireConnection();
  const query = await searchParams;
  const typed = { from: first(query.from) ?? "", to: first(query.to) ?? "" };
  const parsed = fundsRangeSchema.safeParse(typed);
  const errors: { from?: string; to?: string } = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "from" ? "from" : "to";
      errors[field] ??= issue.message;
    }
  }
  const report = parsed.success ? await fundsReport(connection.id, parsed.data) : null;
  return (
    <>
      <h1>Where the money is</h1>
      <p className="muted">
        The organization&rsquo;s money per fund and per campaign for the gifts of these days, as the app&rsquo;s copy of
        the gifts holds it, and what Apportion moved between funds. A split gift counts by its splits: those made
        through Apportion at once, those made at the service outside Apportion from the next full read of the gifts (at
        least daily). Days are UTC days, as in the gifts list.
      </p>
      <RangeForm from={report?.from ?? typed.from} to={report?.to ?? typed.to} errors={errors} />
      {report ? (
        <Report report={report} />
      ) : (
        <Notice tone="danger">These dates cannot be shown: {Object.values(errors).join(" ")}</Notice>
      )}
    </>
  );
}

/** The report: a summary line, then money per fund, per campaign, and what Apportion moved. Each
 *  section its own function, so each reads as what it shows. */
function Report({ report }: { report: FundsReport }) {
  const days = `${shown(report.from)} to ${shown(report.to)}`;
  const otherCurrencies = report.funds.some((f) => f.currency !== report.currency);
  return (
    <>
      <Summary report={report} days={days} />
      <ElsewhereNote report={report} />
      {otherCurrencies && (
        <Notice tone="info">
          Some gifts are in another currency than {report.currency}: the charts show {report.currency} only, the tables
          show every currency.
        </Notice>
      )}
      <PerPlace report={report} days={days} noun="fund" places={fundPlaces(report.funds)} />
      <PerPlace report={report} days={days} noun="campaign" places={campaignPlaces(report.campaigns)} />
      <Moved report={report} days={days} />
    </>
  );
}

type SectionProps = { report: FundsReport; days: string };

/** When the copy does not hold the splits made outside Apportion, the figures say so. */
function ElsewhereNote({ report }: { report: FundsReport }) {
  if (report.splitsElsewhere === "counted") return null;
  return (
    <Notice tone="info">
      These figures count the splits made through Apportion only:{" "}
      {report.splitsElsewhere === "not shown"
        ? "the service does not show the splits made outside Apportion (in its own screens or by another application)"
        : "the splits made outside Apportion (in the service's own screens or by another application) are counted from the next full read of the gifts"}
      , so a gift split there counts whole in its own fund.
    </Notice>
  );
}

/** The charts show the report's one currency; the tables show every row. */
const inCurrency = <T extends { currency: string }>(report: FundsReport, rows: T[]) =>
  rows.filter((r) => r.currency === report.currency);

function Summary({ report, days }: SectionProps) {
  const { currency } = report;
  const giftCount = report.gifts;
  const total = inCurrency(report, report.funds).reduce((n, f) => n + f.cents, 0);
  return (
    <p className="funds-summary">
      {currency ? (
        <span>
          <strong>{formatCents(total, currency)}</strong> in {giftCount.toLocaleString("en-US")} gift
          {giftCount === 1 ? "" : "s"}, {days}.
        </span>
      ) : (
        <span>No gifts in the copy from {days}.</span>
      )}
      <a href={`/api/funds/export.csv?${rangeQuery(report)}`} download>
        Export the tables as CSV
      </a>
    </p>
  );
}

/** Money per fund or per campaign: a bar chart of the report's currency, then the table of every
 *  figure (the chart's text alternative). */
function PerPlace({ report, days, noun, places }: SectionProps & { noun: "fund" | "campaign"; places: PlaceTotal[] }) {
  const { currency } = report;
  const heading = `per-${noun}`;
  return (
    <section className="card funds-section" aria-labelledby={heading}>
      <h2 id={heading}>Per {noun}</h2>
      {places.length === 0 ? (
        <p className="muted">No gifts in these days.</p>
      ) : (
        <>
          {currency && (
            <BarChart
              label={`Bar chart of the money per ${noun}, largest first. The table "Money per ${noun}" below gives every figure.`}
              currency={currency}
              bars={inCurrency(report, places).map((p) => ({ label: p.name, cents: p.cents, href: p.href }))}
            />
          )}
          <TotalsTable
            id={`${noun}s-table`}
            rows={places}
            nameHeader={noun === "fund" ? "Fund" : "Campaign"}
            caption={`Money per ${noun}, ${days}`}
          />
          <p className="small muted">
            A split gift counts in every {noun} its splits put money in, so the “Gifts with money here” column can add
            up to more than the {report.gifts.toLocaleString("en-US")} gift{report.gifts === 1 ? "" : "s"} of these
            days.
          </p>
        </>
      )}
    </section>
  );
}

function Moved({ report, days }: SectionProps) {
  const { currency } = report;
  return (
    <section className="card funds-section" aria-labelledby="moved">
      <h2 id="moved">What Apportion moved</h2>
      <p className="muted">
        Changes sent in these days that the service took whole ({report.movedSubmissions.toLocaleString("en-US")} change
        {report.movedSubmissions === 1 ? "" : "s"}, {report.movedGifts.toLocaleString("en-US")} gift
        {report.movedGifts === 1 ? "" : "s"}): each fund&rsquo;s money in those gifts before and after. Changes that
        Differ or had splits dropped are in History.
      </p>
      {report.moved.length === 0 ? (
        <p className="muted">No money moved between funds in these days.</p>
      ) : (
        <>
          {currency && (
            <>
              <BarChart
                label={`Bar chart of each fund's money before and after the changes. The table "Moved per fund" below gives every figure.`}
                currency={currency}
                bars={inCurrency(report, report.moved).map((m) => ({
                  label: m.fund,
                  cents: m.afterCents,
                  beforeCents: m.beforeCents,
                  href: null,
                }))}
              />
              <p className="bar-chart__legend small" aria-hidden="true">
                <span className="bar-chart__key bar-chart__key--before" /> before <span className="bar-chart__key" />{" "}
                after
              </p>
            </>
          )}
          <MovedTable id="moved-table" rows={report.moved} caption={`Moved per fund, changes sent ${days}`} />
        </>
      )}
    </section>
  );
}
