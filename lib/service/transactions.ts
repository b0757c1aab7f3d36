// The transaction query API (scope data_query; docs/service.md "Querying gifts"): at most 50 per page,
// a query_token continues a query for 5 minutes.
import "server-only";
import { z } from "zod";
import { placementInAppNames } from "./import-rows";
import { DEFAULT_RETRY } from "./retry";
import { apiRequest, type ServiceTarget } from "./request";

export const MAX_PER_PAGE = 50;

const serviceId = z.union([z.string().min(1), z.number().int()]).transform(String);
const nameOrId = z.union([z.string(), z.number()]).transform(String).nullable().optional();
const cents = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

/**
 * One split of a gift, as the query shows it when asked (`include: ["splits"]`). The interface
 * only says splits are stored with transactions, linked to them; the field names follow the
 * import row (the emulator's choice, emulator/README.md "Splits in the query"), so what was sent
 * and what is held compare field by field. `deleted_at` may come as Unix seconds, as rows allow;
 * it is read as an ISO string.
 */
const serviceSplitSchema = z.looseObject({
  /** The application's split id; null for a split created without one. */
  id: z.union([z.string(), z.number().int()]).transform(String).nullable().optional(),
  /** The service's id of the split's transaction. */
  transaction_id: serviceId.optional(),
  unit_amount_in_cents: cents,
  /** The interface: quantity defaults to 1. */
  quantity: z
    .union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)])
    .optional()
    .transform((quantity) => quantity ?? 1),
  campaign: z.string().nullable().optional(),
  campaign_id: nameOrId,
  parent_campaign: z.string().nullable().optional(),
  parent_campaign_id: nameOrId,
  fund: z.string().nullable().optional(),
  fund_id: nameOrId,
  deleted_at: z
    .union([
      z.string().min(1),
      z
        .number()
        .int()
        .nonnegative()
        .transform((seconds) => new Date(seconds * 1000).toISOString()),
    ])
    .nullable()
    .optional(),
});
export type ServiceSplit = z.infer<typeof serviceSplitSchema>;

const serviceTransactionSchema = z.looseObject({
  id: serviceId,
  external_id: z.union([z.string(), z.number()]).transform(String).nullable().optional(),
  amount_in_cents: cents,
  currency: z.string().optional(),
  transaction_time: z.string().optional(),
  campaign: z.string().nullable().optional(),
  campaign_id: nameOrId,
  fund: z.string().nullable().optional(),
  fund_id: nameOrId,
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
  /** Present only when the query asked for splits and the service can show them: absent means
   *  "not shown", never "no splits" (an unsplit gift shown with splits has an empty list). */
  splits: z.array(serviceSplitSchema).optional(),
});
export type ServiceTransaction = z.infer<typeof serviceTransactionSchema>;

/** A split the query showed, in the app's names (the service's stop here): a field it left out
 *  is null, cents and the deletion as the schema above reads them. */
export function shownSplitOf(s: ServiceSplit) {
  return {
    splitId: s.id ?? null,
    unitAmountCents: s.unit_amount_in_cents,
    quantity: s.quantity,
    ...placementInAppNames(s),
    fund: s.fund ?? null,
    deletedAt: s.deleted_at ?? null,
  };
}

/** A gift the query showed, in the app's names (KnownTransaction's columns): what the sync stores.
 *  `occurredAt` is null when the service gave no time; `syncVersion` as text (an int8). */
export function shownGiftOf(t: ServiceTransaction) {
  return {
    transactionId: t.id,
    externalId: t.external_id ?? null,
    amountCents: t.amount_in_cents,
    currency: (t.currency ?? "USD").toUpperCase(),
    occurredAt: t.transaction_time ?? null,
    campaign: t.campaign ?? null,
    campaignId: t.campaign_id ?? null,
    fund: t.fund ?? null,
    fundId: t.fund_id ?? null,
    contactName: t.contact_name ?? null,
    syncVersion: t.sync_version == null ? null : String(t.sync_version),
  };
}

export const queryAnswerSchema = z.object({
  results: z.array(serviceTransactionSchema),
  has_more: z.boolean().optional(),
  query_token: z.string().nullable().optional(),
  total: z.number().int().optional(),
});
export type QueryAnswer = z.infer<typeof queryAnswerSchema>;

export type TransactionQuery = { campaign_id?: string; after?: string; before?: string; changed?: boolean };

/** `withSplits` asks for each gift's splits; a query token remembers it, as it does the filters. */
export function queryTransactions(
  target: ServiceTarget,
  accessToken: string,
  page: { query?: TransactionQuery; queryToken?: string; perPage?: number; withSplits?: boolean },
): Promise<QueryAnswer> {
  return apiRequest(target, {
    method: "POST",
    path: "/transactions/query",
    accessToken,
    // A query only reads: retrying it is safe.
    retry: DEFAULT_RETRY,
    patient: true,
    body: page.queryToken
      ? { query_token: page.queryToken, per_page: page.perPage ?? MAX_PER_PAGE }
      : {
          query: page.query ?? {},
          per_page: page.perPage ?? MAX_PER_PAGE,
          ...(page.withSplits ? { include: ["splits"] } : {}),
        },
    schema: queryAnswerSchema,
  });
}
