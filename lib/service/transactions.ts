// The transaction query API (scope data_query; service-facts.md "Querying"): at most 50 per page,
// a query_token continues a query for 5 minutes.
import "server-only";
import { z } from "zod";
import { DEFAULT_RETRY } from "./retry";
import { apiRequest, type ServiceTarget } from "./request";

export const MAX_PER_PAGE = 50;

const serviceTransactionSchema = z.looseObject({
  id: z.union([z.string().min(1), z.number().int()]).transform(String),
  external_id: z.union([z.string(), z.number()]).transform(String).nullable().optional(),
  amount_in_cents: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  currency: z.string().optional(),
  transaction_time: z.string().optional(),
  campaign: z.string().nullable().optional(),
  campaign_id: z.union([z.string(), z.number()]).transform(String).nullable().optional(),
  fund: z.string().nullable().optional(),
  fund_id: z.union([z.string(), z.number()]).transform(String).nullable().optional(),
  contact_name: z.string().nullable().optional(),
  /** A counter the service bumps when a transaction changes; absent when it does not give one,
   *  and the sync then cannot trust a changes-only read (lib/transactions/sync-run.ts). */
  sync_version: z
    .union([
      z.number().int().nonnegative(),
      z
        .string()
        .regex(/^\d{1,18}$/)
        .transform(Number),
    ])
    .nullable()
    .optional(),
});
export type ServiceTransaction = z.infer<typeof serviceTransactionSchema>;

const queryAnswerSchema = z.object({
  results: z.array(serviceTransactionSchema),
  has_more: z.boolean().optional(),
  query_token: z.string().nullable().optional(),
  total: z.number().int().optional(),
});
export type QueryAnswer = z.infer<typeof queryAnswerSchema>;

export type TransactionQuery = { campaign_id?: string; after?: string; before?: string; changed?: boolean };

export function queryTransactions(
  target: ServiceTarget,
  accessToken: string,
  page: { query?: TransactionQuery; queryToken?: string; perPage?: number },
): Promise<QueryAnswer> {
  return apiRequest(target, {
    method: "POST",
    path: "/transactions/query",
    accessToken,
    // A query only reads: retrying it is safe.
    retry: DEFAULT_RETRY,
    body: page.queryToken
      ? { query_token: page.queryToken, per_page: page.perPage ?? MAX_PER_PAGE }
      : { query: page.query ?? {}, per_page: page.perPage ?? MAX_PER_PAGE },
    schema: queryAnswerSchema,
  });
}
