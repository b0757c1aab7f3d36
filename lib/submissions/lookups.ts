// The reads before a submission is made, shared by createSubmission, the editor's data and the bulk
// check (read-side: the write module, create.ts, imports from here, never the other way).
//
// Everything createSubmission reads, in one statement: the submission already stored under the
// idempotency key, the gifts still in flight, the synced transactions, their known splits, the
// splits the request names and the transactions whose ids equal a split id. Six queries (and
// six waits for a pooled connection) became one; 200 submissions at once queued for seconds.
// Ids travel as array parameters, so a bulk allocation of 10,000 gifts and 100,000 split ids is
// one statement too (no slices below the 65,535 bind-parameter limit). Each part comes back as
// JSON and is parsed with zod here; bigints travel as text so that no cent is lost.
import "server-only";
import { z } from "zod";
import { fragment, raw, sql } from "@/lib/db-sql";
import { GIFT_PLACEMENT_FIELDS, type Split, SPLIT_FIELDS } from "@/lib/splits/split";
import { nullableTextFields, splitJsonShape } from "@/lib/splits/split-json";

const bigintText = z.string().transform((s) => BigInt(s));

const knownTransactionSchema = z.object({
  transactionId: z.string(),
  externalId: z.string().nullable(),
  contactName: z.string().nullable(),
  occurredAt: z.string(),
  amountCents: bigintText,
  currency: z.string(),
  ...nullableTextFields(GIFT_PLACEMENT_FIELDS),
});

/** The one split (lib/splits/split.ts) with its gift and whether it is removed, cents as a bigint
 *  (they travel as text in the JSON: no cent is lost). */
const knownSplitSchema = z.object({
  ...splitJsonShape,
  transactionId: z.string(),
  /** Only whether it is set matters here: a soft-deleted split. */
  deletedAt: z.string().nullable(),
  unitAmountCents: bigintText,
}) satisfies z.ZodType<Omit<Split, "unitAmountCents"> & { unitAmountCents: bigint }>;

const lookupsSchema = z.object({
  existing: z.object({ id: z.string(), requestHash: z.string() }).nullable(),
  inFlight: z.array(z.string()),
  transactions: z.array(knownTransactionSchema),
  splitsOfTransactions: z.array(knownSplitSchema),
  splitsNamed: z.array(knownSplitSchema),
  clashes: z.array(z.object({ transactionId: z.string(), externalId: z.string().nullable() })),
});

/** KnownSplit rows as the JSON knownSplitSchema reads: every field of the split, cents as text. */
const SPLITS_JSON = raw(
  `coalesce(json_agg(json_build_object(${["transactionId", "deletedAt", ...SPLIT_FIELDS]
    .map((f) => `'${f}', k."${f}"${f === "unitAmountCents" ? "::text" : ""}`)
    .join(", ")})), '[]'::json)`,
);

/**
 * The gifts still in flight, the one definition: a gift with a row still waiting for its outcome
 * (pending) in a submission that is going out or being processed. A second allocation of it must
 * not race the first at the service or in the known allocation.
 */
function inFlight(connectionId: string, transactionIds: readonly string[]) {
  return fragment`
    SELECT DISTINCT r."transactionId"
      FROM "SubmissionRow" AS r JOIN "Submission" AS s ON s.id = r."submissionId"
     WHERE r."transactionId" = ANY(${[...transactionIds]}::text[]) AND r.outcome = 'pending'
       AND s."connectionId" = ${connectionId}::uuid AND s.status IN ('sending', 'processing')`;
}

/** Which of these gifts are still in flight (one statement: the ids travel as one array). */
export async function inFlightTransactions(connectionId: string, transactionIds: readonly string[]): Promise<string[]> {
  if (transactionIds.length === 0) return [];
  const rows = await sql<{ transactionId: string }>`${inFlight(connectionId, transactionIds)}`;
  return rows.map((r) => r.transactionId);
}

function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs a lookup over a long list of ids in slices of 10,000 and joins the answers (a Prisma `in`
 *  list is one bind parameter per id, and a statement takes at most 65,535). */
export async function inSlices<T>(ids: readonly string[], query: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const parts = await Promise.all(slices(ids, 10_000).map(query));
  return parts.flat();
}

export type KnownTransactionFacts = z.infer<typeof knownTransactionSchema>;
export type KnownSplitFacts = z.infer<typeof knownSplitSchema>;
export type SubmissionLookups = z.infer<typeof lookupsSchema>;

export async function lookUpForSubmission(
  connectionId: string,
  idempotencyKey: string,
  transactionIds: readonly string[],
  splitIds: readonly string[],
): Promise<SubmissionLookups> {
  const ids = [...transactionIds];
  const named = [...splitIds];
  const [answer] = await sql<unknown>`
    SELECT
      (SELECT json_build_object('id', s.id, 'requestHash', s."requestHash") FROM "Submission" AS s
        WHERE s."connectionId" = ${connectionId}::uuid AND s."idempotencyKey" = ${idempotencyKey}) AS existing,
      (SELECT coalesce(json_agg(f."transactionId" ORDER BY f."transactionId"), '[]'::json)
         FROM (${inFlight(connectionId, ids)}) AS f) AS "inFlight",
      (SELECT coalesce(json_agg(json_build_object(
                'transactionId', t."transactionId", 'externalId', t."externalId", 'amountCents', t."amountCents"::text,
                'contactName', t."contactName", 'occurredAt', t."occurredAt",
                'currency', t.currency, 'campaign', t.campaign, 'campaignId', t."campaignId", 'fund', t.fund,
                'fundId', t."fundId")), '[]'::json)
         FROM "KnownTransaction" AS t
        WHERE t."connectionId" = ${connectionId}::uuid AND t."transactionId" = ANY(${ids}::text[])) AS transactions,
      -- Apportion's own splits: one made elsewhere is no line Apportion can change (KnownSplit.madeElsewhere).
      (SELECT ${SPLITS_JSON} FROM "KnownSplit" AS k WHERE k."connectionId" = ${connectionId}::uuid AND k."transactionId" = ANY(${ids}::text[]) AND NOT k."madeElsewhere") AS "splitsOfTransactions",
      (SELECT ${SPLITS_JSON} FROM "KnownSplit" AS k WHERE k."connectionId" = ${connectionId}::uuid AND k."splitId" = ANY(${named}::text[]) AND NOT k."madeElsewhere") AS "splitsNamed",
      -- A split id equal to a transaction's id or external id would be dropped by the service (rule 6).
      (SELECT coalesce(json_agg(json_build_object('transactionId', t."transactionId", 'externalId', t."externalId")), '[]'::json)
         FROM "KnownTransaction" AS t
        WHERE t."connectionId" = ${connectionId}::uuid
          AND (t."transactionId" = ANY(${named}::text[]) OR t."externalId" = ANY(${named}::text[]))) AS clashes`;
  return lookupsSchema.parse(answer);
}
