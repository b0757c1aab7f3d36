import type { HistoryFilters } from "@/lib/submissions/list";

/** The address of the history with these filters (shareable, Back works). */
export function historyHref(filters: HistoryFilters, base = "/history"): string {
  const query = new URLSearchParams(
    Object.entries(filters as Record<string, string | undefined>).filter((entry): entry is [string, string] =>
      Boolean(entry[1]),
    ),
  ).toString();
  return query ? `${base}?${query}` : base;
}
