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

export type PlacementField = (typeof PLACEMENT_FIELDS)[number];

/** A placement as the editor's form holds it: every field text, "" where the split has none (a
 *  form field holds no null). */
export type PlacementText = { [K in PlacementField]: string };

/** The same fields as an allocation's row carries them (lib/splits/schema.ts): absent where empty. */
export type PlacementInput = { [K in PlacementField]?: string | undefined };

export const GIFT_PLACEMENT_FIELDS = [
  "campaign",
  "campaignId",
  "fund",
  "fundId",
] as const satisfies readonly PlacementField[];

/** A gift's own placement as the copy holds it (KnownTransaction): no parent (the service's
 *  query shows none), and a fund that may be null too (shown as "General"). */
export type GiftPlacement = { [K in (typeof GIFT_PLACEMENT_FIELDS)[number]]: string | null };

/** A field list as Prisma's select: `{ campaign: true, … }`, typed by the list. */
function selectOf<F extends string>(fields: readonly F[]): { readonly [K in F]: true } {
  return Object.fromEntries(fields.map((f) => [f, true])) as { readonly [K in F]: true };
}

/** Prisma's select of a split's placement (KnownSplit, SubmissionRow). */
export const placementSelect = selectOf(PLACEMENT_FIELDS) satisfies Prisma.KnownSplitSelect &
  Prisma.SubmissionRowSelect;

/** Prisma's select of a split (KnownSplit, SubmissionRow). */
export const splitSelect = selectOf(SPLIT_FIELDS) satisfies Prisma.KnownSplitSelect & Prisma.SubmissionRowSelect;

/** Each field's type in PostgreSQL (KnownSplit and SubmissionRow alike): the casts of an
 *  `unnest` or `jsonb_to_recordset` that carries splits into a statement. */
export const SPLIT_SQL_TYPES = {
  splitId: "text",
  unitAmountCents: "bigint",
  quantity: "int",
  campaign: "text",
  campaignId: "text",
  parentCampaign: "text",
  parentCampaignId: "text",
  fund: "text",
  fundId: "text",
} as const satisfies Record<SplitField, string>;

const columns = (alias: string | undefined, fields: readonly string[]) =>
  fields.map((f) => (alias ? `${alias}."${f}"` : `"${f}"`)).join(", ");

/** The placement's columns in SQL for a table alias: `r."campaign", r."campaignId", …` (constant
 *  text: splice it with `raw()`). */
export function placementColumns(alias?: string): string {
  return columns(alias, PLACEMENT_FIELDS);
}

/** A split's columns in SQL, for a table alias or bare (an INSERT's column list); constant text:
 *  splice it with `raw()`. */
export function splitColumns(alias?: string): string {
  return columns(alias, SPLIT_FIELDS);
}

/** An upsert's update of every field but the id: `"unitAmountCents" = EXCLUDED."unitAmountCents", …`. */
export function splitColumnsFromExcluded(): string {
  return SPLIT_FIELDS.filter((f) => f !== "splitId")
    .map((f) => `"${f}" = EXCLUDED."${f}"`)
    .join(", ");
}

/** A split's columns with their types, for `jsonb_to_recordset(…) AS e(…)`. */
export function splitColumnTypes(): string {
  return SPLIT_FIELDS.map((f) => `"${f}" ${SPLIT_SQL_TYPES[f]}`).join(", ");
}
