// What chooses and orders the gifts of the list (and of a bulk rule): the query of
// GET /api/transactions and a rule's filters. Shared (no server-only): the bulk routes' body
// schemas build on it, and nothing here reads the database (lib/transactions/read.ts does).
import { z } from "zod";

export const LIST_SORTS = ["date", "amount", "donor"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export type ListOrder = "asc" | "desc";

const listSortSchema = z.enum(LIST_SORTS, "Sort by date, amount or donor.").optional().default("date");
const listOrderSchema = z.enum(["asc", "desc"], "Order asc or desc.").optional();

export const transactionFiltersSchema = z.object({
  search: z
    .string()
    .trim()
    .max(100, "Search for at most 100 characters.")
    .refine((v) => !v.includes("\u0000"), "Search text cannot contain a NUL character.")
    .optional()
    .default(""),
  campaignId: z.string().trim().max(100).optional().default(""),
  /** A fund by name: funds need not have ids at the service ("General" when unknown). */
  fund: z.string().trim().max(200).optional().default(""),
  after: z.iso.date("Use a date like 2026-01-31.").optional().or(z.literal("")),
  before: z.iso.date("Use a date like 2026-01-31.").optional().or(z.literal("")),
  split: z.enum(["all", "split", "unsplit"]).optional().default("all"),
  sort: listSortSchema,
  order: listOrderSchema,
  page: z.coerce
    .number("Give the page as a number, like 3.")
    .int("Give the page as a whole number, like 3.")
    .min(1, "Pages start at 1.")
    .max(100_000, "Pages go up to 100,000.")
    .optional()
    .default(1),
  perPage: z.coerce.number().int().min(1).max(100).optional().default(25),
});
export type TransactionFilters = z.infer<typeof transactionFiltersSchema>;
/** What chooses the gifts, without their order or page (a bulk rule's filters). */
export type GiftFilters = Omit<TransactionFilters, "sort" | "order" | "page" | "perPage">;
