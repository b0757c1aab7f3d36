// Allocation rules saved per organization. Stored with percentages as basis points; shown to
// the form as the text an admin would type ("33.33"), so a saved rule edits like a new one.
import "server-only";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import type { AllocationRule, Prisma } from "@/lib/generated/prisma/client";
import { formatBasisPoints } from "./basis-points";
import type { Rule } from "./rule";
import { isUniqueViolation } from "@/lib/db-errors";
import { readStoredJson } from "@/lib/stored-json";
import { type StoredRuleLine, storedRuleLines } from "./stored";

export type SavedRuleView = {
  id: string;
  name: string;
  lines: { fund: string; fundId: string; campaign: string; campaignId: string; percent: string }[];
  leftoverLine: number;
  updatedAt: string;
};

export async function listRules(connectionId: string): Promise<SavedRuleView[]> {
  const rules = await db().allocationRule.findMany({ where: { connectionId }, orderBy: { name: "asc" } });
  return rules.map(toView);
}

export async function createRule(connectionId: string, name: string, rule: Rule): Promise<SavedRuleView> {
  try {
    return toView(await db().allocationRule.create({ data: { connectionId, name, ...stored(rule) } }));
  } catch (error) {
    throw nameTaken(error, name);
  }
}

export async function updateRule(connectionId: string, id: string, name: string, rule: Rule): Promise<SavedRuleView> {
  await ruleFor(connectionId, id);
  try {
    return toView(await db().allocationRule.update({ where: { id }, data: { name, ...stored(rule) } }));
  } catch (error) {
    throw nameTaken(error, name);
  }
}

export async function deleteRule(connectionId: string, id: string): Promise<void> {
  await ruleFor(connectionId, id);
  await db().allocationRule.delete({ where: { id } });
}

async function ruleFor(connectionId: string, id: string): Promise<AllocationRule> {
  const rule = /^[0-9a-f-]{36}$/i.test(id)
    ? await db().allocationRule.findFirst({ where: { id, connectionId } })
    : null;
  if (!rule) throw new AppError("not_found", "No such rule.");
  return rule;
}

function stored(rule: Rule): { lines: Prisma.InputJsonValue; leftoverLine: number } {
  const lines: StoredRuleLine[] = rule.lines.map((line) => ({
    fund: line.fund,
    ...(line.fundId ? { fundId: line.fundId } : {}),
    ...(line.campaign ? { campaign: line.campaign } : {}),
    ...(line.campaignId ? { campaignId: line.campaignId } : {}),
    basisPoints: line.percent,
  }));
  return { lines, leftoverLine: rule.leftoverLine };
}

function toView(rule: AllocationRule): SavedRuleView {
  return {
    id: rule.id,
    name: rule.name,
    lines: readStoredJson(storedRuleLines, rule.lines, "AllocationRule.lines").map((line) => ({
      fund: line.fund,
      fundId: line.fundId ?? "",
      campaign: line.campaign ?? "",
      campaignId: line.campaignId ?? "",
      percent: formatBasisPoints(line.basisPoints),
    })),
    leftoverLine: rule.leftoverLine,
    updatedAt: rule.updatedAt.toISOString(),
  };
}

function nameTaken(error: unknown, name: string): unknown {
  return isUniqueViolation(error)
    ? new AppError("conflict", `A rule named “${name}” already exists. Choose another name.`)
    : error;
}
