// History as a CSV for finance and auditors: one line per gift of each change sent, newest first,
// with what moved, the gift as the admin saw it, the reason, the state and read-back's verdict.
// Streamed a page of changes at a time; scoped to the connection (the organization) by the same
// where clause as the History page, filters included. Values go through the bulk error file's
// formula guard and follow the one CSV convention (lib/csv/csv-safe.ts: byte-order mark, no blank
// line, amounts as plain numbers with a currency column).
import "server-only";
import { csvHead, csvPart, plainAmount } from "@/lib/csv/csv-safe";
import { db } from "@/lib/db";
import { readStoredJson } from "@/lib/stored-json";
import { type HistoryCursor, type HistoryFilters, historyPageIds, inPageOrder } from "./history-query";
import { originsOf } from "./history-moves";
import { originLabel } from "./origin";
import { describeHolding, describeMove, moveOf, type SnapshotHolding, snapshotHoldingsSchema } from "./moves";
import { STATE_LABELS, submissionState } from "./submission-state";

export const HISTORY_CSV_FIELDS = [
  "when",
  "what",
  "source",
  "gift",
  "external_id",
  "donor",
  "currency",
  "amount",
  "moved",
  "before",
  "after",
  "reason",
  "status",
  "verification",
] as const;

const PAGE = 50;

type Line = string[];

/** The CSV's text, page by page: a header, then the changes newest first. */
export async function* historyCsv(
  connectionId: string,
  connectionActive: boolean,
  filters: HistoryFilters = {},
): AsyncGenerator<string> {
  yield csvHead(HISTORY_CSV_FIELDS);
  let after: HistoryCursor | null = null;
  for (;;) {
    const page = await historyPage(connectionId, filters, after);
    if (page.length === 0) return;
    const [older, origins] = await Promise.all([
      giftsWithoutSnapshot(page.filter((s) => s.gifts.length === 0).map((s) => s.id)),
      originsOf(connectionId, page),
    ]);
    const lines: Line[] = [];
    for (const s of page) {
      const state = submissionState({ status: s.status, verification: s.verification, connectionActive });
      const origin = origins.get(s.id);
      const source = origin ? originLabel(origin) : "Split editor";
      const verdict = (transactionId: string) => {
        if (s.verification === "differs") {
          return (
            s.differences
              .filter((d) => d.transactionId === transactionId)
              .map((d) => d.message)
              .join(" ") || "Held as sent"
          );
        }
        if (s.verification === "verified") return `Held as sent, checked ${s.verifiedAt?.toISOString() ?? ""}`.trim();
        if (s.verification === "could_not_verify") return s.verificationNote ?? "Could not verify";
        return "";
      };
      const gifts = s.gifts.length > 0 ? s.gifts.map(snapshotLine) : (older.get(s.id) ?? []);
      for (const g of gifts) {
        lines.push([
          s.createdAt.toISOString(),
          g.before && g.after ? describeMove(moveOf(g.before, g.after), g.currency) : "",
          source,
          g.transactionId,
          g.externalId ?? "",
          g.contactName ?? "",
          g.amountCents === null ? "" : g.currency,
          g.amountCents === null ? "" : plainAmount(g.amountCents),
          g.before && g.after ? plainAmount(moveOf(g.before, g.after).cents) : "",
          g.before ? holdings(g.before, g.currency) : "",
          g.after ? holdings(g.after, g.currency) : "",
          s.reason ?? "",
          STATE_LABELS[state].text,
          verdict(g.transactionId),
        ]);
      }
    }
    if (lines.length > 0) yield csvPart(lines);
    const last: HistoryCursor | undefined = page.at(-1);
    if (!last || page.length < PAGE) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** A page of changes, newest first, after the last one of the page before (keyset). */
async function historyPage(connectionId: string, filters: HistoryFilters, after: HistoryCursor | null) {
  const ids = await historyPageIds(connectionId, filters, PAGE, after);
  const rows = await db().submission.findMany({
    where: { id: { in: ids } },
    include: {
      gifts: { orderBy: { transactionId: "asc" } },
      differences: { select: { transactionId: true, message: true } },
      bulkDrafts: { select: { id: true, label: true, source: true }, take: 1 },
    },
  });
  return inPageOrder(ids, rows);
}

type GiftLine = {
  transactionId: string;
  externalId: string | null;
  contactName: string | null;
  amountCents: number | null;
  currency: string;
  before: SnapshotHolding[] | null;
  after: SnapshotHolding[] | null;
};

function snapshotLine(g: {
  transactionId: string;
  externalId: string | null;
  contactName: string | null;
  amountCents: bigint;
  currency: string;
  before: unknown;
  after: unknown;
}): GiftLine {
  return {
    transactionId: g.transactionId,
    externalId: g.externalId,
    contactName: g.contactName,
    amountCents: Number(g.amountCents),
    currency: g.currency,
    before: readStoredJson(snapshotHoldingsSchema, g.before, "SubmissionGift.before"),
    after: readStoredJson(snapshotHoldingsSchema, g.after, "SubmissionGift.after"),
  };
}

const holdings = (list: SnapshotHolding[], currency: string) =>
  list.map((h) => describeHolding(h, currency)).join("; ");

/** Changes sent before snapshots were stored: their gifts by id, and what was sent as "after". */
async function giftsWithoutSnapshot(submissionIds: string[]): Promise<Map<string, GiftLine[]>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await db().submissionRow.findMany({
    where: { submissionId: { in: submissionIds } },
    orderBy: [{ submissionId: "asc" }, { transactionId: "asc" }, { rowIndex: "asc" }],
    select: {
      submissionId: true,
      transactionId: true,
      unitAmountCents: true,
      quantity: true,
      campaign: true,
      parentCampaign: true,
      fund: true,
      deleted: true,
    },
  });
  const out = new Map<string, GiftLine[]>();
  for (const r of rows) {
    const list = out.get(r.submissionId) ?? [];
    let gift = list.at(-1);
    if (gift?.transactionId !== r.transactionId) {
      gift = {
        transactionId: r.transactionId,
        externalId: null,
        contactName: null,
        amountCents: null,
        currency: "USD",
        before: null,
        after: [],
      };
      list.push(gift);
      out.set(r.submissionId, list);
    }
    if (!r.deleted) {
      gift.after?.push({
        amountCents: Number(r.unitAmountCents) * r.quantity,
        campaign: r.campaign,
        parentCampaign: r.parentCampaign,
        fund: r.fund,
      });
    }
  }
  return out;
}
