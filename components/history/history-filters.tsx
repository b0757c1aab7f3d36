"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { Field } from "@/components/ui/field";
import type { HistoryFilters } from "@/lib/submissions/list";
import { historyHref } from "./history-href";

// The states of lib/submissions/submission-state.ts, each one click away: an admin looking for
// what went wrong finds Differs or Could not verify without opening a menu.
const STATUSES: [HistoryFilters["status"] | "", string][] = [
  ["", "All"],
  ["differs", "Differs"],
  ["could_not_verify", "Could not verify"],
  ["failed", "Failed"],
  ["in_progress", "Sending or waiting"],
  ["checking", "Checking"],
  ["verified", "Verified"],
];

const SOURCES: [string, string][] = [
  ["", "Anywhere"],
  ["editor", "Split editor"],
  ["csv", "Bulk: a file"],
  ["rule", "Bulk: a rule"],
  ["template", "Template: approved in To allocate"],
  ["automatic", "Template: sent automatically"],
];

/** Filters the history by status (one link each) and by source. */
export function HistoryFiltersForm({ filters }: { filters: HistoryFilters }) {
  const router = useRouter();
  return (
    <div className="history-filters">
      <nav aria-label="Status" className="status-filter">
        {STATUSES.map(([value, text]) => (
          <Link
            key={value}
            href={historyHref({ ...filters, status: value || undefined })}
            aria-current={(filters.status ?? "") === value ? "page" : undefined}
            replace
          >
            {text}
          </Link>
        ))}
      </nav>
      <form className="filters" role="search" aria-label="Filter the history" onSubmit={(e) => e.preventDefault()}>
        <Field id="history-source" label="Source">
          {(control) => (
            <select
              {...control}
              value={filters.source ?? ""}
              onChange={(e) =>
                router.replace(
                  historyHref({ ...filters, source: (e.target.value || undefined) as HistoryFilters["source"] }),
                )
              }
            >
              {SOURCES.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
    </div>
  );
}
