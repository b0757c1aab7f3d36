// New gifts meet templates: called once at the end of every sync run that completes
// (after-sync.ts, a listener of lib/transactions/sync-finished.ts), under the run's lease, so the
// scheduled sync drives it as the Refresh button does. It looks only at gifts the copy first saw
// since its last look (KnownTransaction.firstSeenAt past TemplateScan.scannedUntil) and only with
// templates older than the gift: a template never reaches back into history. Each matched gift
// gets one inbox item, ever (unique per gift), with the allocation checked as a bulk rule's lines
// are (lib/bulk/check.ts: the editor's row schema, the sum rule, split ids, in flight).
import "server-only";
import { type CheckedItem, checkLines, type LineGroup } from "@/lib/bulk/check";
import { shareLines } from "@/lib/bulk/share-lines";
import { db } from "@/lib/db";
import { fragment, join, sql, utcInstant } from "@/lib/db-sql";
import type { Allocation } from "@/lib/splits/schema";
import { describeNewName, namesInUse, unusedNames } from "@/lib/submissions/new-names";
import { CONTACT_SEARCH_LENGTH } from "@/lib/transactions/store-page";
import { templateShares } from "./shares";
import { type LoadedTemplate, loadTemplates } from "./store";

/** Gifts handled per statement round: bounds memory when a large batch of gifts arrives at once. */
const GIFTS_PER_ROUND = 10_000;

export type MatchOutcome = { looked: number; proposed: number; automatic: number; choose: number };

/** Proposes the organization's templates to the gifts new since the last look. */
export async function proposeForNewGifts(connectionId: string): Promise<MatchOutcome> {
  const outcome: MatchOutcome = { looked: 0, proposed: 0, automatic: 0, choose: 0 };
  const templates = await loadTemplates(connectionId);
  const scan = await db().templateScan.findUnique({ where: { connectionId } });
  let since = scan?.scannedUntil ?? null;
  if (templates.length === 0) {
    // Nothing to propose; the look still moves on, so a template made later sees only later gifts.
    await moveScan(connectionId, await latestSeen(connectionId, since));
    return outcome;
  }
  const oldest = new Date(Math.min(...templates.map((t) => t.createdAt.getTime())));
  if (!since || since < oldest) since = new Date(oldest.getTime() - 1);
  const newNames = await namesNewTo(connectionId, templates);
  // The look is stored only at the end: a run stopped midway looks again from the same instant,
  // and the gifts it already proposed are left out (one inbox item per gift).
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const gifts = await newGifts(connectionId, since, after, templates);
    outcome.looked += gifts.length;
    if (gifts.length > 0) await propose(connectionId, gifts, templates, newNames, outcome);
    const last = gifts.at(-1);
    if (!last || gifts.length < GIFTS_PER_ROUND) break;
    after = { at: last.firstSeenAt, id: last.transactionId };
  }
  await moveScan(connectionId, await latestSeen(connectionId, since));
  return outcome;
}

// amountCents (int8) arrives as text from the pool.
type NewGift = { transactionId: string; firstSeenAt: Date; amountCents: string; templateIds: string[] };

/** The next gifts first seen from `since` on (in that order, after the cursor of the previous
 *  round), each with the templates that match it, leaving out gifts already split by Apportion
 *  (active known splits) or already in the inbox. From `since` inclusive: a gift stored in the same
 *  millisecond as the last look's latest is looked at again rather than missed. */
async function newGifts(
  connectionId: string,
  since: Date,
  after: { at: Date; id: string } | null,
  templates: LoadedTemplate[],
): Promise<NewGift[]> {
  const conditions = templates.map((t) => fragment`CASE WHEN ${matchSql(t)} THEN ${t.id} END`);
  const cursor = after
    ? fragment`AND (k."firstSeenAt", k."transactionId") > (${utcInstant(after.at)}, ${after.id})`
    : fragment``;
  return sql<NewGift>`
    SELECT k."transactionId", k."firstSeenAt", k."amountCents",
           array_remove(ARRAY[${join(conditions)}]::text[], NULL) AS "templateIds"
      FROM "KnownTransaction" AS k
     WHERE k."connectionId" = ${connectionId}::uuid AND k."firstSeenAt" >= ${utcInstant(since)} ${cursor}
       AND NOT EXISTS (SELECT 1 FROM "KnownSplit" AS s
                        WHERE s."connectionId" = k."connectionId" AND s."transactionId" = k."transactionId"
                          AND s."deletedAt" IS NULL)
       AND NOT EXISTS (SELECT 1 FROM "InboxItem" AS i
                        WHERE i."connectionId" = k."connectionId" AND i."transactionId" = k."transactionId")
     ORDER BY k."firstSeenAt", k."transactionId"
     LIMIT ${GIFTS_PER_ROUND}`;
}

/** A template's condition on a gift `k`, only for gifts first seen after the template was made. */
function matchSql(t: LoadedTemplate) {
  const applies = t.appliesTo;
  let condition: ReturnType<typeof fragment>;
  if ("cents" in applies) {
    const cents = BigInt(applies.cents);
    condition = applies.kind === "above" ? fragment`k."amountCents" > ${cents}` : fragment`k."amountCents" < ${cents}`;
  } else if (applies.kind === "campaign") condition = fragment`k."campaign" = ${applies.value}`;
  else if (applies.kind === "fund") condition = fragment`k."fund" = ${applies.value}`;
  else condition = fragment`k."contactSearch" = left(lower(unaccent(${applies.value})), ${CONTACT_SEARCH_LENGTH}::int)`;
  return fragment`(${condition} AND k."firstSeenAt" >= ${utcInstant(t.createdAt)})`;
}

async function propose(
  connectionId: string,
  gifts: NewGift[],
  templates: LoadedTemplate[],
  newNames: Map<string, string[]>,
  outcome: MatchOutcome,
): Promise<void> {
  const byId = new Map(templates.map((t) => [t.id, t]));
  const matched = gifts.filter((g) => g.templateIds.length > 0);
  const single = matched.filter((g) => g.templateIds.length === 1);
  const groups: LineGroup[] = [];
  const unfit = new Map<string, string>();
  for (const gift of single) {
    const template = byId.get(gift.templateIds[0] ?? "");
    if (!template) continue;
    const group = groupFor(gift.transactionId, Number(gift.amountCents), template);
    if (typeof group === "string") unfit.set(gift.transactionId, group);
    else groups.push(group);
  }
  const checked = new Map((await checkLines(connectionId, groups)).map((i) => [i.transactionKey, i]));
  const rows = matched.map((gift) => {
    const base = { connectionId, transactionId: gift.transactionId };
    if (gift.templateIds.length > 1) {
      outcome.choose++;
      return {
        ...base,
        status: "choose" as const,
        templateIds: gift.templateIds,
        note: "More than one template applies to this gift: choose one.",
      };
    }
    const templateId = gift.templateIds[0] ?? null;
    const template = templateId ? byId.get(templateId) : undefined;
    const item: CheckedItem | undefined = checked.get(gift.transactionId);
    const problem = unfit.get(gift.transactionId) ?? (item && !item.valid ? problemsOf(item) : null);
    if (problem || !item?.allocation) {
      return { ...base, templateId, status: "waiting" as const, note: problem ?? "This gift could not be prepared." };
    }
    const fresh = newNames.get(templateId ?? "") ?? [];
    // Never automatically when the template names what the service does not hold yet: sending
    // would create it there, and only the admin may decide that.
    const automatic = template?.autoSend === true && fresh.length === 0;
    if (automatic) outcome.automatic++;
    return {
      ...base,
      templateId,
      status: automatic ? ("automatic" as const) : ("waiting" as const),
      allocation: item.allocation,
      note: newNamesNote(fresh),
    };
  });
  outcome.proposed += rows.length;
  if (rows.length > 0) await storeItems(rows);
}

type ItemRow = {
  connectionId: string;
  transactionId: string;
  templateId?: string | null;
  templateIds?: string[];
  status: "waiting" | "choose" | "automatic";
  allocation?: unknown;
  note: string | null;
};

/** The round's items in one statement whose one parameter is their JSON: Prisma's createMany took
 *  8 of the 11 s the bench's 10,000 gifts needed (a bind parameter per column and row, and its own
 *  encoding of every allocation). The one item per gift stays: a gift proposed by another look
 *  meanwhile is left as it is. A JSON null becomes SQL NULL (no proposal), as Prisma.DbNull did. */
async function storeItems(rows: readonly ItemRow[]): Promise<void> {
  await sql`
    INSERT INTO "InboxItem" ("id", "connectionId", "transactionId", "templateId", "templateIds", "status",
                             "allocation", "note", "createdAt")
    SELECT gen_random_uuid(), r."connectionId", r."transactionId", r."templateId",
           ARRAY(SELECT jsonb_array_elements_text(coalesce(r."templateIds", '[]'::jsonb))),
           r."status"::"InboxStatus", r."allocation", r."note", now() AT TIME ZONE 'UTC'
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
             "connectionId" uuid, "transactionId" text, "templateId" uuid, "templateIds" jsonb,
             "status" text, "allocation" jsonb, "note" text)
    ON CONFLICT ("connectionId", "transactionId") DO NOTHING`;
}

/** The template's lines in cents for this gift, checked as a bulk rule's are; a sentence when
 *  they cannot be. */
function groupFor(transactionId: string, totalCents: number, template: LoadedTemplate): LineGroup | string {
  const shares = templateShares(totalCents, template.lines);
  if (!shares.ok) return shares.error;
  return { transaction: transactionId, lines: shareLines(template.lines, shares.cents) };
}

/** One gift's proposal from the template the admin chose: the allocation, or why there is none. */
export async function proposalFor(
  connectionId: string,
  transactionId: string,
  template: LoadedTemplate,
): Promise<{ allocation: Allocation | null; note: string | null }> {
  const gift = await db().knownTransaction.findUnique({
    where: { connectionId_transactionId: { connectionId, transactionId } },
    select: { amountCents: true },
  });
  if (!gift) return { allocation: null, note: "This gift is no longer in Apportion's copy of the service's gifts." };
  const group = groupFor(transactionId, Number(gift.amountCents), template);
  if (typeof group === "string") return { allocation: null, note: group };
  const [item] = await checkLines(connectionId, [group]);
  if (!item?.valid || !item.allocation) return { allocation: null, note: item ? problemsOf(item) : null };
  const fresh = (await namesNewTo(connectionId, [template])).get(template.id) ?? [];
  return { allocation: item.allocation, note: newNamesNote(fresh) };
}

/** The note on an item whose lines name what the service lacks; the inbox asks to confirm on it. */
export function newNamesNote(fresh: string[]): string | null {
  return fresh.length > 0
    ? `The template names ${fresh.join(", ")}, which the service does not have yet: sending creates ${fresh.length === 1 ? "it" : "them"}.`
    : null;
}

function problemsOf(item: CheckedItem): string {
  const rowProblems = item.rows.flatMap((r) => r.errors).filter((e) => !e.startsWith("Another line"));
  return [...item.errors, ...rowProblems].slice(0, 3).join(" ");
}

/** Per template, the campaign and fund names it gives that the organization does not use, by the
 *  submissions' one rule (lib/submissions/new-names.ts), each as the refusal would name it. */
async function namesNewTo(connectionId: string, templates: LoadedTemplate[]): Promise<Map<string, string[]>> {
  const inUse = await namesInUse(connectionId);
  return new Map(
    templates.map((t) => {
      const rows = t.lines.map((l) => ({
        campaign: l.campaign ?? undefined,
        parentCampaign: l.parentCampaign ?? undefined,
        fund: l.fund,
      }));
      return [t.id, unusedNames([{ rows }], inUse).map(describeNewName)];
    }),
  );
}

async function latestSeen(connectionId: string, since: Date | null): Promise<Date | null> {
  const [row] = await sql<{ latest: Date | null }>`
    SELECT max("firstSeenAt") AS latest FROM "KnownTransaction" WHERE "connectionId" = ${connectionId}::uuid`;
  const latest = row?.latest ?? null;
  return latest && (!since || latest > since) ? latest : since;
}

async function moveScan(connectionId: string, until: Date | null): Promise<void> {
  if (!until) return;
  await db().templateScan.upsert({
    where: { connectionId },
    create: { connectionId, scannedUntil: until },
    update: { scannedUntil: until },
  });
}
