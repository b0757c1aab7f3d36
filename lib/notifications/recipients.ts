// The addresses that hear about an organization, each with a choice per kind. Every read and
// write is scoped to the signed-in admin's connection.
import "server-only";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import type { Recipient, RecipientView } from "./choices";

/** An organization keeps a short list: a mistyped address is removed, not left to pile up. */
export const MAX_RECIPIENTS = 20;

const VIEW = { id: true, email: true, reconnect: true, submissions: true, inbox: true } as const;

export async function listRecipients(connectionId: string): Promise<RecipientView[]> {
  const rows = await db().mailRecipient.findMany({
    where: { connectionId },
    orderBy: { createdAt: "asc" },
    select: VIEW,
  });
  return rows.map(asView);
}

export async function addRecipient(connectionId: string, input: Recipient): Promise<RecipientView> {
  const count = await db().mailRecipient.count({ where: { connectionId } });
  if (count >= MAX_RECIPIENTS) {
    throw new AppError("conflict", `At most ${MAX_RECIPIENTS} addresses; remove one first.`);
  }
  try {
    return asView(await db().mailRecipient.create({ data: { connectionId, ...input }, select: VIEW }));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `${input.email} is already on the list.`);
    throw error;
  }
}

export async function updateRecipient(connectionId: string, id: string, input: Recipient): Promise<RecipientView> {
  try {
    const changed = await db().mailRecipient.updateMany({ where: { id, connectionId }, data: input });
    if (changed.count === 0) throw new AppError("not_found", "This address is no longer on the list.");
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `${input.email} is already on the list.`);
    throw error;
  }
  return asView(await db().mailRecipient.findUniqueOrThrow({ where: { id }, select: VIEW }));
}

export async function removeRecipient(connectionId: string, id: string): Promise<void> {
  await db().mailRecipient.deleteMany({ where: { id, connectionId } });
}

type Row = Omit<RecipientView, "inbox"> & { inbox: string };

function asView(row: Row): RecipientView {
  // The inbox kind has no "at once" (lib/notifications/choices.ts); a stored one reads as daily.
  return { ...row, inbox: row.inbox === "off" ? "off" : "daily" };
}
