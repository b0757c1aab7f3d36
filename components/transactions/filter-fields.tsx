"use client";

// TransactionFilters' pickers by campaign and fund and its date range, apart so that the filter
// bar reads as its fields in order. Each reports a change at once (only the search box waits).
import { Field } from "@/components/ui/field";
import type { CampaignOption } from "@/lib/transactions/read";
import type { FilterValues } from "./transaction-filters";

type Change = (next: Partial<FilterValues>) => void;

export function NameFilters({
  values,
  campaigns,
  funds,
  onChange,
}: {
  values: FilterValues;
  campaigns: CampaignOption[];
  funds: { name: string }[];
  onChange: Change;
}) {
  return (
    <>
      <Field id="filter-campaign" label="Campaign">
        {(control) => (
          <select {...control} value={values.campaignId} onChange={(e) => onChange({ campaignId: e.target.value })}>
            <option value="">All campaigns</option>
            {campaigns
              .filter((c) => c.id)
              .map((c) => (
                <option key={c.id} value={c.id ?? ""}>
                  {c.name}
                </option>
              ))}
          </select>
        )}
      </Field>
      <Field id="filter-fund" label="Fund">
        {(control) => (
          <select {...control} value={values.fund} onChange={(e) => onChange({ fund: e.target.value })}>
            <option value="">All funds</option>
            {funds.map((f) => (
              <option key={f.name} value={f.name}>
                {f.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}

/** From and To; a To before From is shown as an error (the list would be empty), not refused. */
export function DateFilters({ values, onChange }: { values: FilterValues; onChange: Change }) {
  return (
    <>
      <Field id="filter-after" label="From">
        {(control) => (
          <input {...control} type="date" value={values.after} onChange={(e) => onChange({ after: e.target.value })} />
        )}
      </Field>
      <Field
        id="filter-before"
        label="To"
        error={
          values.after && values.before && values.before < values.after
            ? "Before the From date: nothing can match."
            : undefined
        }
      >
        {(control) => (
          <input
            {...control}
            type="date"
            value={values.before}
            onChange={(e) => onChange({ before: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}
