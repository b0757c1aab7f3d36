"use client";

import { TransactionFilters, type FilterValues } from "@/components/transactions/transaction-filters";
import { useTransactions } from "@/lib/hooks/use-transactions";
import { formatCount } from "@/lib/splits/format-total";
import type { CampaignOption } from "@/lib/transactions/read";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

type Props = {
  filters: FilterValues;
  onFiltersChange: (next: Partial<FilterValues>) => void;
  campaigns: CampaignOption[];
  funds: { name: string; id: string | null }[];
  previewing: boolean;
  previewError: string | null;
};

/** Which gifts a rule runs over: the filters, how many gifts match, and the button that previews
 *  the rule over them (it submits the rule's form, which is why it names it). */
export function RuleGifts({ filters, onFiltersChange, campaigns, funds, previewing, previewError }: Props) {
  const query = new URLSearchParams({ ...activeFilters(filters), perPage: "1" }).toString();
  const matching = useTransactions(query);
  return (
    <>
      {/* The filters are a search form of their own, so they sit outside the rule's form. */}
      <h3>Gifts</h3>
      <TransactionFilters
        values={filters}
        campaigns={campaigns}
        funds={funds}
        onChange={onFiltersChange}
        resetKey={0}
      />
      <div className="button-row">
        <Button type="submit" form="rule-form" disabled={previewing || matching.data?.total === 0}>
          {previewing ? "Checking…" : "Preview allocation"}
        </Button>
        <span className="muted small" aria-live="polite">
          {matching.isFetching
            ? "Counting the gifts…"
            : matching.data
              ? `${formatCount(matching.data.total)} gift${matching.data.total === 1 ? "" : "s"} match`
              : ""}
        </span>
      </div>
      {previewError && <Notice tone="danger">{previewError}</Notice>}
    </>
  );
}

/** The filters that narrow anything, as query parameters ("all" splits is no filter). */
export function activeFilters(filters: FilterValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter(([key, value]) => value && !(key === "split" && value === "all")),
  );
}
