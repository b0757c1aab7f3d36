// Templates saved per organization. Every function takes the connection id and scopes by it: a
// template of another organization is "not found", never shown or changed.
import "server-only";
import { AppError } from "@/lib/app-error";
import { formatBasisPoints } from "@/lib/bulk/basis-points";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import type { AllocationTemplate, Prisma } from "@/lib/generated/prisma/client";
import { centsToInput } from "@/lib/splits/money";
import { readStoredJson } from "@/lib/stored-json";
import { requireKnownIds } from "./line-ids";
import type { Template, TemplateInput, TemplateLine } from "./schema";
import { storedTemplateLines } from "./stored";

/** A template as the form edits it (figures as the admin types them) and the list shows it. */
export type TemplateView = TemplateInput & { id: string; autoSend: boolean; updatedAt: string };

/** A template as matching and applying need it. */
export type LoadedTemplate = {
  id: string;
  name: string;
  lines: TemplateLine[];
  appliesTo: Template["appliesTo"];
  autoSend: boolean;
  createdAt: Date;
};

export async function listTemplates(connectionId: string): Promise<TemplateView[]> {
  const rows = await db().allocationTemplate.findMany({ where: { connectionId }, orderBy: { name: "asc" } });
  return rows.map(toView);
}

export async function loadTemplates(connectionId: string): Promise<LoadedTemplate[]> {
  const rows = await db().allocationTemplate.findMany({ where: { connectionId }, orderBy: { createdAt: "asc" } });
  return rows.map(toLoaded);
}

export async function getTemplate(connectionId: string, id: string): Promise<TemplateView> {
  return toView(await templateFor(connectionId, id));
}

export async function loadTemplate(connectionId: string, id: string): Promise<LoadedTemplate> {
  return toLoaded(await templateFor(connectionId, id));
}

export async function createTemplate(connectionId: string, template: Template): Promise<TemplateView> {
  await requireKnownIds(connectionId, template.lines);
  try {
    return toView(await db().allocationTemplate.create({ data: { connectionId, ...stored(template) } }));
  } catch (error) {
    throw nameTaken(error, template.name);
  }
}

export async function updateTemplate(connectionId: string, id: string, template: Template): Promise<TemplateView> {
  await templateFor(connectionId, id);
  await requireKnownIds(connectionId, template.lines);
  try {
    // Turned off: the gifts it queued to send by themselves stop at once, in the same transaction.
    const [, row] = await db().$transaction([
      unqueue(connectionId, template.autoSend ? null : id, "“Send automatically” was turned off"),
      db().allocationTemplate.update({ where: { id }, data: stored(template) }),
    ]);
    return toView(row);
  } catch (error) {
    throw nameTaken(error, template.name);
  }
}

export async function deleteTemplate(connectionId: string, id: string): Promise<void> {
  await templateFor(connectionId, id);
  // The gifts it queued to send by themselves stop with it: back to the admin, keeping the proposal.
  await db().$transaction([
    unqueue(connectionId, id, "Its template was deleted"),
    db().allocationTemplate.delete({ where: { id } }),
  ]);
}

/** The template's gifts queued for the worker, given back to the admin. One the worker holds
 *  already ("sending") is stopped where it stores its submission (auto-send.ts: the guard reads
 *  this template's row there, locked, and waits for this transaction). */
function unqueue(connectionId: string, templateId: string | null, why: string) {
  // A null template gives back nothing (a template left sending by itself keeps its queue).
  return db().inboxItem.updateMany({
    where: { connectionId, templateId: templateId ?? { in: [] }, status: "automatic" },
    data: { status: "waiting", note: `${why} before it was sent: approve it yourself if it is right.` },
  });
}

async function templateFor(connectionId: string, id: string): Promise<AllocationTemplate> {
  const template = /^[0-9a-f-]{36}$/i.test(id)
    ? await db().allocationTemplate.findFirst({ where: { id, connectionId } })
    : null;
  if (!template) throw new AppError("not_found", "No such template.");
  return template;
}

function stored(template: Template) {
  const { appliesTo } = template;
  return {
    name: template.name,
    lines: template.lines as unknown as Prisma.InputJsonValue,
    matchKind: appliesTo.kind,
    matchValue: "value" in appliesTo ? appliesTo.value : null,
    matchCents: "cents" in appliesTo ? BigInt(appliesTo.cents) : null,
    autoSend: template.autoSend,
  };
}

function appliesToOf(row: AllocationTemplate): Template["appliesTo"] {
  if (row.matchKind === "above" || row.matchKind === "below") {
    return { kind: row.matchKind, cents: Number(row.matchCents ?? 0n) };
  }
  return { kind: row.matchKind, value: row.matchValue ?? "" };
}

function toLoaded(row: AllocationTemplate): LoadedTemplate {
  return {
    id: row.id,
    name: row.name,
    lines: readStoredJson(storedTemplateLines, row.lines, "AllocationTemplate.lines"),
    appliesTo: appliesToOf(row),
    autoSend: row.autoSend,
    createdAt: row.createdAt,
  };
}

function toView(row: AllocationTemplate): TemplateView {
  const loaded = toLoaded(row);
  const applies = loaded.appliesTo;
  return {
    id: row.id,
    name: row.name,
    autoSend: row.autoSend,
    updatedAt: row.updatedAt.toISOString(),
    appliesTo: { kind: applies.kind, value: "cents" in applies ? centsToInput(applies.cents) : applies.value },
    lines: loaded.lines.map((line) => ({
      kind: line.kind,
      figure:
        line.kind === "percent"
          ? formatBasisPoints(line.basisPoints)
          : line.kind === "fixed"
            ? centsToInput(line.cents)
            : "",
      campaign: line.campaign ?? "",
      campaignId: line.campaignId ?? "",
      parentCampaign: line.parentCampaign ?? "",
      parentCampaignId: line.parentCampaignId ?? "",
      fund: line.fund,
      fundId: line.fundId ?? "",
    })),
  };
}

function nameTaken(error: unknown, name: string): unknown {
  return isUniqueViolation(error)
    ? new AppError("conflict", `A template named “${name}” already exists. Choose another name.`)
    : error;
}
