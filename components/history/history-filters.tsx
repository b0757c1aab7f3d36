"use client";

import { useRouter } from "next/navigation";
import { Field } from "@/components/ui/field";
import type { HistoryFilters } from "@/lib/submissions/list";

const STATUSES: [string, string][] = [
  ["", "Any status"],
  ["in_progress", "Sending or processing"],
  ["needs_attention", "Needs attention"],
  ["complete", "Complete"],
  ["complete_with_drops", "Complete, some rows dropped"],
];

const SOURCES: [string, string][] = [
  ["", "Anywhere"],
  ["editor", "Split editor"],
  ["csv", "Bulk: a file"],
  ["rule", "Bulk: a rule"],
];

/** Filters the history by status and source; the address keeps them (shareable, Back works). */
export function HistoryFiltersForm({ filters }: { filters: HistoryFilters }) {
  const router = useRouter();
  const go = (change: Partial<Record<keyof HistoryFilters, string>>) => {
    const next = { status: filters.status ?? "", source: filters.source ?? "", ...change };
    const query = new URLSearchParams(Object.entries(next).filter(([, v]) => v !== "")).toString();
    router.replace(query ? `/history?${query}` : "/history");
  };
  const select = (key: keyof HistoryFilters, label: string, choices: [string, string][]) => (
    <Field id={`history-${key}`} label={label}>
      {(control) => (
        <select {...control} value={filters[key] ?? ""} onChange={(e) => go({ [key]: e.target.value })}>
          {choices.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <form className="filters" role="search" aria-label="Filter the history" onSubmit={(e) => e.preventDefault()}>
      {select("status", "Status", STATUSES)}
      {select("source", "Source", SOURCES)}
    </form>
  );
}
