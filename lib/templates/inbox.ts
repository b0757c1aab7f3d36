// The "To allocate" inbox: what templates proposed for new gifts, and the admin's answers to it.
// Every function takes the connection id and scopes by it: another organization's item is "not
// found". Approving sends through the editor's pipeline (createSubmission: one submission, the
// usual checks and review on the History page, read-back).
import "server-only";
import { type approveSchema, MAX_APPROVED } from "./inbox-requests";
import type { z } from "zod";
import { AppError } from "@/lib/app-error";
import { storedAllocation } from "@/lib/bulk/stored";
import { db } from "@/lib/db";
import {
  type Connection,
  type InboxStatus,
  Prisma,
  type SubmissionStatus,
  type Verification,
} from "@/lib/generated/prisma/client";
import type { Allocation } from "@/lib/splits/schema";
import type { GiftPlacement, SplitPlacement } from "@/lib/splits/split";
import { readStoredJson } from "@/lib/stored-json";
import { createSubmission } from "@/lib/submissions/create";
import { assertEveryItemFound } from "./inbox-names";
import { proposalFor } from "./match";
import { loadTemplate } from "./store";

const PAGE = 100;

export type InboxItemView = {
  id: string;
  transactionId: string;
  status: InboxStatus;
  note: string | null;
  template: { id: string; name: string } | null;
  /** The templates to choose from, when more than one matched. */
  choices: { id: string; name: string }[];
  gift:
    | (Pick<GiftPlacement, "campaign" | "fund"> & {
        contactName: string | null;
        amountCents: number;
        currency: string;
        occurredAt: string;
      })
    | null;
  /** The proposed lines (after); the gift's own campaign and fund are the before. */
  lines: (Pick<SplitPlacement, "campaign" | "parentCampaign" | "fund"> & { cents: number })[];
  sentAutomatically: boolean;
  /** Its submission's status and read-back verdict, for the one badge (lib/submissions/submission-state.ts). */
  submission: { id: string; status: SubmissionStatus; verification: Verification | null } | null;
};

export type InboxView = {
  items: InboxItemView[];
  /** Items waiting for the admin (to approve, or to choose a template for). */
  waiting: number;
  total: number;
};

const WAITING: InboxStatus[] = ["waiting", "choose"];

export async function listInbox(connectionId: string, show: "waiting" | "done"): Promise<InboxView> {
  const where: Prisma.InboxItemWhereInput = {
    connectionId,
    status: show === "waiting" ? { in: WAITING } : { notIn: WAITING },
  };
  const [rows, waiting, total, templates] = await Promise.all([
    db().inboxItem.findMany({
      where,
      orderBy: [{ createdAt: show === "waiting" ? "asc" : "desc" }, { transactionId: "asc" }],
      take: PAGE,
      include: { template: { select: { id: true, name: true } } },
    }),
    db().inboxItem.count({ where: { connectionId, status: { in: WAITING } } }),
    db().inboxItem.count({ where }),
    db().allocationTemplate.findMany({ where: { connectionId }, select: { id: true, name: true } }),
  ]);
  const ids = rows.map((r) => r.transactionId);
  const submissionIds = rows.flatMap((r) => (r.submissionId ? [r.submissionId] : []));
  const [gifts, submissions] = await Promise.all([
    db().knownTransaction.findMany({ where: { connectionId, transactionId: { in: ids } } }),
    db().submission.findMany({
      where: { connectionId, id: { in: submissionIds } },
      select: { id: true, status: true, verification: true },
    }),
  ]);
  const giftOf = new Map(gifts.map((g) => [g.transactionId, g]));
  const submissionOf = new Map(submissions.map((s) => [s.id, s]));
  const nameOf = new Map(templates.map((t) => [t.id, t.name]));
  return {
    waiting,
    total,
    items: rows.map((row) => {
      const gift = giftOf.get(row.transactionId);
      const allocation = row.allocation
        ? readStoredJson(storedAllocation, row.allocation, "InboxItem.allocation")
        : null;
      const submission = row.submissionId ? submissionOf.get(row.submissionId) : undefined;
      return {
        id: row.id,
        transactionId: row.transactionId,
        status: row.status,
        note: row.note,
        template: row.template,
        choices: row.templateIds.flatMap((id) => {
          const name = nameOf.get(id);
          return name ? [{ id, name }] : [];
        }),
        gift: gift
          ? {
              contactName: gift.contactName,
              amountCents: Number(gift.amountCents),
              currency: gift.currency,
              occurredAt: gift.occurredAt.toISOString(),
              campaign: gift.campaign,
              fund: gift.fund,
            }
          : null,
        lines: (allocation?.rows ?? []).map((r) => ({
          campaign: r.campaign ?? null,
          parentCampaign: r.parentCampaign ?? null,
          fund: r.fund,
          cents: r.amount * r.quantity,
        })),
        sentAutomatically: row.sentAutomatically,
        submission: submission
          ? { id: submission.id, status: submission.status, verification: submission.verification }
          : null,
      };
    }),
  };
}

/** As the route parses it; callers in the server may leave out an empty list of new names. */
export type ApproveRequest = z.input<typeof approveSchema>;

/** Sends the chosen waiting items in one submission; the submission's id. */
export async function approveItems(connection: Connection, request: ApproveRequest): Promise<{ submissionId: string }> {
  const connectionId = connection.id;
  const done = await db().inboxItem.findMany({
    where: { connectionId, sendKey: request.idempotencyKey, status: "sent" },
    select: { submissionId: true },
    take: 1,
  });
  if (done[0]?.submissionId) return { submissionId: done[0].submissionId };
  const items = await db().inboxItem.findMany({
    where: {
      connectionId,
      status: "waiting",
      allocation: { not: Prisma.DbNull },
      ...(request.items === "all" ? {} : { id: { in: request.items } }),
    },
    orderBy: { createdAt: "asc" },
    take: MAX_APPROVED,
  });
  if (request.items !== "all") assertEveryItemFound(request.items, items.length);
  if (items.length === 0) throw new AppError("invalid_input", "No gift in the inbox is ready to send.");
  const allocations: Allocation[] = items.map((i) =>
    readStoredJson(storedAllocation, i.allocation, "InboxItem.allocation"),
  );
  // New names follow the submissions' one rule (lib/submissions/new-names.ts, inside
  // createSubmission): a name not confirmed one by one is refused (409, naming it), nothing stored.
  const { submissionId } = await createSubmission(connection, {
    idempotencyKey: request.idempotencyKey,
    allocations,
    confirmedNewNames: request.confirmedNewNames ?? [],
  });
  await db().inboxItem.updateMany({
    where: { id: { in: items.map((i) => i.id) }, status: "waiting" },
    data: { status: "sent", submissionId, sendKey: request.idempotencyKey, decidedAt: new Date() },
  });
  return { submissionId };
}

/** The admin says no: the items leave the inbox, their gifts as they are. All of them or none
 *  (assertEveryItemFound): the update is undone when it took fewer items than were named. */
export async function skipItems(connectionId: string, ids: string[]): Promise<{ skipped: number }> {
  return db().$transaction(async (tx) => {
    const { count } = await tx.inboxItem.updateMany({
      where: { connectionId, id: { in: ids }, status: { in: WAITING } },
      data: { status: "skipped", decidedAt: new Date() },
    });
    assertEveryItemFound(ids, count);
    return { skipped: count };
  });
}

/** A gift more than one template matched: the admin's choice of template makes its proposal. */
export async function chooseTemplate(connectionId: string, itemId: string, templateId: string): Promise<void> {
  const item = /^[0-9a-f-]{36}$/i.test(itemId)
    ? await db().inboxItem.findFirst({ where: { id: itemId, connectionId } })
    : null;
  if (!item) throw new AppError("not_found", "No such gift in the inbox.");
  if (item.status !== "choose" && item.status !== "waiting") {
    throw new AppError("conflict", "This gift is no longer waiting in the inbox.");
  }
  const template = await loadTemplate(connectionId, templateId);
  const proposal = await proposalFor(connectionId, item.transactionId, template);
  await db().inboxItem.update({
    where: { id: item.id },
    data: {
      templateId: template.id,
      status: "waiting",
      allocation: proposal.allocation ? (proposal.allocation as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
      note: proposal.note,
    },
  });
}
