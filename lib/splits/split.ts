// A split, defined once: its fields, their type, Prisma's select of them and the same columns in
// SQL. The copy's KnownSplit and the sent SubmissionRow both hold these columns; the editor,
// placement, the gifts list, the bulk check and History read them through the names below, and
// a shape that differs says how (Omit/Pick and why) instead of writing the list again.
// Shared (no server-only): the browser's editor uses the type; the select and the column text are
// plain values, and the type-only import of Prisma is erased.
import type { Prisma } from "@/lib/generated/prisma/client";

/** Where a split's money sits: the campaign (with its parent) and the fund, names and ids. */
export type SplitPlacement = {
  campaign: string | null;
  campaignId: string | null;
  parentCampaign: string | null;
  parentCampaignId: string | null;
  fund: string;
  fundId: string | null;
};

/** One split as the app reads it: unit cents as a number (the database's int8 is read with
 *  Number where it is loaded; a gift's cents stay far below 2^53). */
export type Split = { splitId: string; unitAmountCents: number; quantity: number } & SplitPlacement;

export const PLACEMENT_FIELDS = [
  "campaign",
  "campaignId",
  "parentCampaign",
  "parentCampaignId",
  "fund",
  "fundId",
] as const satisfies readonly (keyof SplitPlacement)[];

export const SPLIT_FIELDS = [
  "splitId",
  "unitAmountCents",
  "quantity",
  ...PLACEMENT_FIELDS,
] as const satisfies readonly (keyof Split)[];

export type SplitField = (typeof SPLIT_FIELDS)[number];

/** Prisma's select of a split's placement (KnownSplit, SubmissionRow). */
export const placementSelect = {
  campaign: true,
  campaignId: true,
  parentCampaign: true,
  parentCampaignId: true,
  fund: true,
  fundId: true,
} as const satisfies Prisma.KnownSplitSelect & Prisma.SubmissionRowSelect;

/** Prisma's select of a split (KnownSplit, SubmissionRow). */
export const splitSelect = {
  splitId: true,
  unitAmountCents: true,
  quantity: true,
  ...placementSelect,
} as const satisfies Prisma.KnownSplitSelect & Prisma.SubmissionRowSelect;

const columns = (alias: string, fields: readonly string[]) => fields.map((f) => `${alias}."${f}"`).join(", ");

/** The placement's columns in SQL for a table alias: `r."campaign", r."campaignId", …` (constant
 *  text: splice it with `raw()`). */
export function placementColumns(alias: string): string {
  return columns(alias, PLACEMENT_FIELDS);
}

/** A split's columns in SQL for a table alias (constant text: splice it with `raw()`). */
export function splitColumns(alias: string): string {
  return columns(alias, SPLIT_FIELDS);
}
