// A claim: a worker's (or process's) hold on a piece of work, so that no other one does it at the
// same time. A claim is stale once it is older than its kind's timeout (its holder stopped or
// hangs); another worker then takes it over. The holder releases it when done. Six kinds of work
// are claimed (the glossary's "claim"); their timeouts are the one table below, and the stale
// test, the taking, the takeover and the release are written here once, so a fix to any of them
// holds for every kind.
import "server-only";
import { execute, fragment, raw, utcInstant } from "@/lib/db-sql";
import { getEnv } from "@/lib/env";

/** Each kind of claim: how long it holds before it is stale, and the clock its time column is
 *  written in by SQL (`now()`, the session's; `utc`, `now() AT TIME ZONE 'UTC'`, for a column
 *  Prisma also writes). Outbox and read-back timeouts are settings (lib/env.ts); the others are
 *  fixed for these reasons:
 *  - autoSend: a round checks and stores up to 1,000 gifts; 5 minutes outlasts one by far.
 *  - mail: one SMTP send (nodemailer's own timeouts are minutes at most); a mail whose worker
 *    stopped mid-send goes back in line after it.
 *  - sync: renewed with every stored batch (store-page.ts), so it only has to outlast one page.
 *  - refresh: two attempts of up to two token calls each (REFRESH_CALL_TIMEOUT_MS) and the
 *    backoff between them; the refresh never starts a call that could outlast it.
 *  Sync and refresh claims hold an until instant of the app's clock instead (takeClaim). */
const KINDS = {
  outbox: { timeoutMs: () => getEnv().OUTBOX_CLAIM_TIMEOUT_MS, clock: "now" },
  readBack: { timeoutMs: () => getEnv().READ_BACK_CLAIM_TIMEOUT_MS, clock: "now" },
  autoSend: { timeoutMs: () => 5 * 60_000, clock: "utc" },
  mail: { timeoutMs: () => 5 * 60_000, clock: "utc" },
  sync: { timeoutMs: () => 60_000, clock: "now" },
  refresh: { timeoutMs: () => 45_000, clock: "now" },
} satisfies Record<string, { timeoutMs: () => number; clock: "now" | "utc" }>;

export type ClaimKind = keyof typeof KINDS;

export function claimTimeoutMs(kind: ClaimKind): number {
  return KINDS[kind].timeoutMs();
}

/** The instant a claim of this kind is made, in SQL, as its time column is written. */
export function claimedNow(kind: ClaimKind) {
  return KINDS[kind].clock === "utc" ? raw(`(now() AT TIME ZONE 'UTC')`) : raw("now()");
}

/** The instant before which a claim made at claimedNow(kind) is stale, in SQL: `"claimedAt" <
 *  ${staleBefore("outbox")}`. `timeoutMs` stands in for the table's only where a caller must
 *  choose it (a test, through the outbox tick's option). */
export function staleBefore(kind: ClaimKind, timeoutMs = claimTimeoutMs(kind)) {
  return fragment`${claimedNow(kind)} - ${timeoutMs}::float8 * interval '1 millisecond'`;
}

/**
 * A claim held on one row by an owner column and an until column (the app's clock): taken when
 * the row is free, stale (its until passed), or with `renew` already the owner's; `also` narrows
 * the row further (`AND …`). Table and column names are spliced as text: constants only.
 */
export type RowClaim = {
  kind: ClaimKind;
  table: string;
  key: { column: string; value: string };
  owner: string;
  until: string;
};

/** Takes the claim for `owner`: its until (ms since the epoch), or null when someone else holds it. */
export async function takeClaim(
  claim: RowClaim,
  owner: string,
  options: { renew?: boolean; also?: ReturnType<typeof fragment> } = {},
): Promise<number | null> {
  const now = new Date();
  const until = now.getTime() + claimTimeoutMs(claim.kind);
  const ownerColumn = raw(`"${claim.owner}"`);
  const untilColumn = raw(`"${claim.until}"`);
  const mine = options.renew ? fragment`OR ${ownerColumn} = ${owner}` : fragment``;
  const taken = await execute`
    UPDATE ${raw(`"${claim.table}"`)}
       SET ${ownerColumn} = ${owner}, ${untilColumn} = ${utcInstant(new Date(until))}, "updatedAt" = ${utcInstant(now)}
     WHERE ${raw(`"${claim.key.column}"`)} = ${claim.key.value}::uuid ${options.also ?? fragment``}
       AND (${untilColumn} IS NULL OR ${untilColumn} < ${utcInstant(now)} ${mine})`;
  return taken === 1 ? until : null;
}

/** Releases the claims these owners hold on the claim's table (every row of theirs); how many. */
export async function releaseClaim(
  claim: Omit<RowClaim, "key"> & { key?: RowClaim["key"] },
  owners: readonly string[],
): Promise<number> {
  if (owners.length === 0) return 0;
  const ownerColumn = raw(`"${claim.owner}"`);
  const key = claim.key ? fragment`AND ${raw(`"${claim.key.column}"`)} = ${claim.key.value}::uuid` : fragment``;
  return execute`
    UPDATE ${raw(`"${claim.table}"`)}
       SET ${ownerColumn} = NULL, ${raw(`"${claim.until}"`)} = NULL, "updatedAt" = ${utcInstant(new Date())}
     WHERE ${ownerColumn} = ANY(${[...owners]}::text[]) ${key}`;
}
