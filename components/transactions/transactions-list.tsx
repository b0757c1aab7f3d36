"use client";

import { AsyncState } from "@/components/ui/async-state";
import { Button, ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useSyncTransactions, useTransactions } from "@/lib/hooks/use-transactions";
import { useUrlQuery } from "@/lib/hooks/use-url-query";
import { formatCents } from "@/lib/splits/money";
import { formatCount, formatTotalCents } from "@/lib/splits/format-total";
import type { CampaignOption, TransactionPage, TransactionView } from "@/lib/transactions/read";
import { ListPagination } from "./list-pagination";
import { applyListChange, type ListChange, readListAddress } from "./list-address";
import { ListSort } from "./list-sort";
import { SyncProgress } from "./sync-progress";
import { NO_FILTERS, TransactionFilters } from "./transaction-filters";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

type Props = { campaigns: CampaignOption[]; funds: { name: string }[] };

export function TransactionsList({ campaigns, funds }: Props) {
  const [query, updateQuery] = useUrlQuery();
  const { page, sort, list, values, filtered } = readListAddress(query);
  const { data, error, isPending, isFetching, isPlaceholderData } = useTransactions(list);
  const running = data?.sync.running ?? false;
  const sync = useRefresh(running);
  // "General" is always offered (the service's default fund): it is not a name the copy taught.
  const namesMissing = campaigns.length === 0 && funds.every((f) => f.name === "General");
  useNamesOnceGiftsShow(namesMissing && (data?.total ?? 0) > 0);
  const [resetKey, setResetKey] = useState(0);

  function update(next: ListChange) {
    // A new page is a step Back returns from; a filter edit replaces the address (one entry per
    // keystroke would bury the page before it).
    const paging = Object.keys(next).length === 1 && next.page !== undefined;
    updateQuery((updated) => applyListChange(updated, next), paging ? { push: true } : undefined);
  }

  function clearFilters() {
    setResetKey((k) => k + 1);
    update(NO_FILTERS);
  }

  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;

  return (
    <>
      <TransactionFilters values={values} campaigns={campaigns} funds={funds} onChange={update} resetKey={resetKey} />
      <div className="toolbar">
        <div className="list-summary">
          <ListTotals data={data} filtered={filtered} />
          <ListSort choice={sort} onChange={(key, order) => update({ sort: key, order })} />
        </div>
        <Button variant="secondary" onClick={() => sync.mutate()} disabled={sync.isPending}>
          {sync.isPending ? "Refreshing…" : "Refresh from the service"}
        </Button>
      </div>
      {data?.syncedAt && <p className="muted small">Copied from the service {dateTimeAgo(data.syncedAt)}.</p>}
      {sync.isError && <Notice tone="danger">{sync.error.message}</Notice>}
      {sync.isSuccess && !running && <RefreshOutcome {...sync.data} />}
      <SyncProgress sync={data?.sync} />
      <AsyncState
        pending={isPending}
        error={error}
        loading="Loading gifts…"
        isEmpty={data?.items.length === 0}
        empty={
          data && data.total > 0 ? (
            <PastLastPage page={page} pages={pages} onPage={(p) => update({ page: p })} />
          ) : (
            <NoGifts filtered={filtered} searching={!!values.search} onClear={clearFilters} />
          )
        }
      >
        <TransactionsTable items={data?.items} caption={sort.caption} list={list} fetching={isFetching} />
      </AsyncState>
      {data && pages > 1 && (
        <ListPagination page={page} pages={pages} loading={isPlaceholderData} onPage={(p) => update({ page: p })} />
      )}
    </>
  );
}

/** Refresh, whose answer holds until a run starts after it: once that run ends, the list and its
 *  "copied … ago" say the rest, and the answer would describe a moment that has passed. */
function useRefresh(running: boolean) {
  const sync = useSyncTransactions();
  const router = useRouter();
  const wasRunning = useRef(running);
  const { reset } = sync;
  useEffect(() => {
    // A copy that ended may have learnt names: the page's campaign and fund choices are rendered
    // again with them.
    if (wasRunning.current && !running) {
      reset();
      router.refresh();
    }
    wasRunning.current = running;
  }, [running, reset, router]);
  return sync;
}

/** The campaign and fund choices come with the page (server-rendered from the names the copy
 *  knows); a page rendered before the first copy stored any would offer none: when gifts show while
 *  the page knows no name, it is rendered again once. */
function useNamesOnceGiftsShow(namesMissing: boolean) {
  const router = useRouter();
  const refreshed = useRef(false);
  useEffect(() => {
    if (!namesMissing || refreshed.current) return;
    refreshed.current = true;
    router.refresh();
  }, [namesMissing, router]);
}

/** An address past the last page (an old link, or gifts gone since): one step back to the list. */
function PastLastPage({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <>
      <p>
        Page {formatCount(page)} is past the last page of this list ({formatCount(pages)}).
      </p>
      <Button variant="secondary" onClick={() => onPage(pages)}>
        Go to page {formatCount(pages)}
      </Button>
    </>
  );
}

function NoGifts({ filtered, searching, onClear }: { filtered: boolean; searching: boolean; onClear: () => void }) {
  return (
    <>
      <p>{filtered ? "No gifts match these filters." : "No gifts yet. Refresh to copy them from the service."}</p>
      {searching && (
        <p className="muted small">
          Search finds a donor by any part of their name, a gift by its whole id or external id, or an amount. Campaigns
          and funds have their own filters.
        </p>
      )}
      {filtered && (
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </>
  );
}

function TransactionsTable({
  items,
  caption,
  list,
  fetching,
}: {
  items: TransactionView[] | undefined;
  caption: string;
  list: string;
  fetching: boolean;
}) {
  return (
    <div className={`card table-card${fetching ? " is-fetching" : ""}`} aria-busy={fetching}>
      <table className="table table--stack">
        <caption className="visually-hidden">Gifts, {caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Donor</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Allocation</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items?.map((t) => (
            <TransactionRow key={t.transactionId} transaction={t} list={list} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "60,013 gifts match · $3,105,992.41": the count and exact sum of what the filters find. */
function ListTotals({ data, filtered }: { data: TransactionPage | undefined; filtered: boolean }) {
  if (!data) return <p className="list-summary__totals" aria-live="polite" />;
  const { total, totals } = data;
  const count = `${formatCount(total)} gift${total === 1 ? "" : "s"}${filtered ? (total === 1 ? " matches" : " match") : ""}`;
  const soFar = data.sync.running && data.sync.firstCopy ? " so far" : "";
  const sums = totals.map((t) => formatTotalCents(t.sumCents, t.currency)).join(" + ");
  return (
    <p className="list-summary__totals" aria-live="polite">
      {count}
      {soFar}
      {total > 0 && <> · {sums}</>}
    </p>
  );
}

function TransactionRow({ transaction: t, list }: { transaction: TransactionView; list: string }) {
  return (
    <tr>
      <td data-label="Date">{dateFormat.format(new Date(t.occurredAt))}</td>
      <td data-label="Donor">
        <div>{t.contactName ?? "Unknown donor"}</div>
        <div className="muted small">
          {t.externalId ? `External id ${t.externalId}` : `Created in the service · id ${t.transactionId}`}
        </div>
      </td>
      <td data-label="Amount" className="num">
        {formatCents(t.amountCents, t.currency)}
      </td>
      <td data-label="Allocation">
        {t.splits.length === 0 && t.splitsElsewhere.length === 0 ? (
          <span className="muted">
            Not split · {t.campaign ?? "no campaign"} / {t.fund ?? "General"}
          </span>
        ) : (
          <ul className="allocation">
            {[...t.splits, ...t.splitsElsewhere].map((s, i) => (
              <li key={s.splitId}>
                {formatCents(s.unitAmountCents * s.quantity, t.currency)} → {s.campaign ?? "Service default campaign"} /{" "}
                {s.fund}
                {i >= t.splits.length && <span className="muted"> · split outside Apportion</span>}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className="num">
        <ButtonLink
          variant="secondary"
          href={`/transactions/${encodeURIComponent(t.transactionId)}${list ? `?${new URLSearchParams({ list })}` : ""}`}
        >
          {t.splits.length > 0 ? "Change split" : "Split"}
          <span className="visually-hidden">
            {" "}
            the {formatCents(t.amountCents, t.currency)} gift of {t.contactName ?? "an unknown donor"} on{" "}
            {dateFormat.format(new Date(t.occurredAt))} ({t.transactionId})
          </span>
        </ButtonLink>
      </td>
    </tr>
  );
}

function dateTimeAgo(iso: string): string {
  const minutes = Math.round((Date.now() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** What pressing Refresh did, so that it never looks like nothing happened. While a copy is still
 *  under way its progress says it instead. */
function RefreshOutcome({ synced, state }: { synced: number; state: string }) {
  if (state === "unfinished") {
    return (
      <p className="muted small" role="status">
        The copy goes on in the background; the list follows it.
      </p>
    );
  }
  if (state === "busy") {
    return (
      <p className="muted small" role="status">
        The copy from the service was already being brought up to date.
      </p>
    );
  }
  return (
    <p className="muted small" role="status">
      {synced === 0
        ? "Up to date: nothing changed at the service since the last copy."
        : `Up to date: ${synced.toLocaleString("en-US")} gift${synced === 1 ? "" : "s"} copied from the service.`}
    </p>
  );
}
