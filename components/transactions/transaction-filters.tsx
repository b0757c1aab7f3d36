"use client";

import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { CampaignOption } from "@/lib/transactions/read";
import { DateFilters, NameFilters } from "./filter-fields";

export type FilterValues = {
  search: string;
  campaignId: string;
  fund: string;
  after: string;
  before: string;
  split: string;
};

export const NO_FILTERS: FilterValues = { search: "", campaignId: "", fund: "", after: "", before: "", split: "all" };

/** How many filters narrow the list: the phone's Filters button says it while they are folded. */
export function activeFilterCount(values: FilterValues): number {
  return (Object.keys(NO_FILTERS) as (keyof FilterValues)[]).filter((key) => values[key] !== NO_FILTERS[key]).length;
}

type Props = {
  values: FilterValues;
  campaigns: CampaignOption[];
  funds: { name: string }[];
  onChange: (next: Partial<FilterValues>) => void;
  /** Changes when the filters are cleared, so the search box starts empty again. */
  resetKey: number;
};

export function TransactionFilters({ values, campaigns, funds, onChange, resetKey }: Props) {
  // The search box waits for a pause in typing before it asks again.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searchNow = (search: string) => {
    clearTimeout(timer.current);
    onChange({ search });
  };

  // On a phone the filters fold behind one button (CSS shows it below 720 px), so that the gifts
  // are on the first screen; on a wider screen they are always open and the button is not drawn.
  const [open, setOpen] = useState(false);
  const formId = useId();
  const active = activeFilterCount(values);

  return (
    <div className="filters-area">
      <Button
        variant="secondary"
        className="filters-toggle"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((o) => !o)}
      >
        Filters{active > 0 ? ` (${active} active)` : ""}
        <span aria-hidden="true" className="filters-toggle__mark">
          {open ? "▴" : "▾"}
        </span>
      </Button>
      <form
        id={formId}
        className={`filters${open ? "" : " filters--folded"}`}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          searchNow(String(new FormData(e.currentTarget).get("search") ?? ""));
        }}
      >
        <Field id="filter-search" label="Search" className="field--grow">
          {(control) => (
            <input
              {...control}
              key={resetKey}
              type="search"
              name="search"
              defaultValue={values.search}
              placeholder="Donor, gift id or amount"
              onChange={(e) => {
                const search = e.target.value;
                clearTimeout(timer.current);
                timer.current = setTimeout(() => onChange({ search }), 300);
              }}
            />
          )}
        </Field>
        <NameFilters values={values} campaigns={campaigns} funds={funds} onChange={onChange} />
        <DateFilters values={values} onChange={onChange} />
        <Field id="filter-split" label="Allocation">
          {(control) => (
            <select {...control} value={values.split} onChange={(e) => onChange({ split: e.target.value })}>
              <option value="all">All</option>
              <option value="unsplit">Not split yet</option>
              <option value="split">Split</option>
            </select>
          )}
        </Field>
      </form>
    </div>
  );
}
