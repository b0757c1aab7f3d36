// The gifts list lives in its address (filters, order, page), so Back, a reload and a shared link
// show the same list. Reading and changing it are kept here, apart from what the list renders.
import { sortChoice, type SortChoice } from "./list-sort";
import type { FilterValues } from "./transaction-filters";

export const FILTER_KEYS = ["search", "campaignId", "fund", "after", "before", "split"] as const;
/** The API's highest page (lib/transactions/read.ts). */
const MAX_PAGE = 100_000;

export type ListChange = Partial<FilterValues> & { page?: number; sort?: string; order?: string };

export type ListAddress = {
  page: number;
  sort: SortChoice;
  /** The list as asked for, also handed to each gift's link so that its way back returns here. */
  list: string;
  values: FilterValues;
  filtered: boolean;
};

/** What the address asks for, made sound: a bad page or order reads as the default. */
export function readListAddress(query: string): ListAddress {
  const params = new URLSearchParams(query);
  // A page number typed into the address that is not one (abc, 0, -3) shows the first page.
  const asked = Number(params.get("page") ?? 1);
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_PAGE) : 1;
  const listParams = new URLSearchParams(query);
  if (page > 1) listParams.set("page", String(page));
  else listParams.delete("page");
  // An order the address names that the list does not know reads as the default one.
  const sort = sortChoice(params.get("sort"), params.get("order"));
  const [sortKey = "date", sortOrder = "desc"] = sort.value.split("-");
  if (sort.value === "date-desc") {
    listParams.delete("sort");
    listParams.delete("order");
  } else {
    listParams.set("sort", sortKey);
    listParams.set("order", sortOrder);
  }
  const values: FilterValues = {
    search: params.get("search") ?? "",
    campaignId: params.get("campaignId") ?? "",
    fund: params.get("fund") ?? "",
    after: params.get("after") ?? "",
    before: params.get("before") ?? "",
    split: params.get("split") ?? "all",
  };
  const filtered = FILTER_KEYS.some((k) => (k === "split" ? values.split !== "all" : values[k]));
  return { page, sort, list: listParams.toString(), values, filtered };
}

/** Writes a change into the address. Any change but a new page goes back to the first page. */
export function applyListChange(updated: URLSearchParams, next: ListChange): void {
  if (next.sort && next.order) {
    // The first order is no order in the address: the list's plain address stays as it was.
    const plain = next.sort === "date" && next.order === "desc";
    for (const [key, value] of [
      ["sort", next.sort],
      ["order", next.order],
    ] as const)
      if (plain) updated.delete(key);
      else updated.set(key, value);
  }
  for (const key of FILTER_KEYS) {
    const value = next[key];
    if (value === undefined) continue;
    if (value && !(key === "split" && value === "all")) updated.set(key, value);
    else updated.delete(key);
  }
  if (next.page && next.page > 1) updated.set("page", String(next.page));
  else updated.delete("page");
}
