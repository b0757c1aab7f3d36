// The CSV upload's edge: each line's text read into a split in cents by the editor's own row
// schema, its problems named by column. Everything past this point (lib/bulk/check.ts) works on
// cents, so rules and templates, which compute cents, never go through text.
import { splitRowSchema } from "@/lib/splits/schema";
import type { CentsLine, LineGroup } from "./check";
import { type CsvColumn, type CsvGroup, mapColumns, MAX_VALUE_LENGTH } from "./csv-format";

/** The file's groups (under its headers `columns`) as lines in cents, in order. */
export function parseGroups(columns: readonly string[], groups: readonly CsvGroup[]): LineGroup[] {
  const { byColumn } = mapColumns(columns);
  return groups.map((group) => ({
    transaction: group.transaction,
    lines: group.rows.map((row) => parseLine(row.values, byColumn, row.line, row.problem)),
  }));
}

function parseLine(
  values: Record<string, string>,
  byColumn: Partial<Record<CsvColumn, string>>,
  line: number | null,
  problem?: string,
): CentsLine {
  const errors: string[] = [];
  if (problem) errors.push(problem);
  const tooLong = Object.entries(values).find(([, v]) => v.length > MAX_VALUE_LENGTH);
  if (tooLong) errors.push(`${tooLong[0]}: at most ${MAX_VALUE_LENGTH} characters.`);
  const result = parseRow(fieldsOf(values, byColumn));
  if (!result.success) {
    for (const issue of result.error.issues)
      errors.push(`${COLUMN_OF[String(issue.path[0])] ?? "line"}: ${issue.message}`);
  }
  return { line, values, errors, split: errors.length === 0 && result.success ? result.data : null };
}

const COLUMN_OF: Record<string, CsvColumn> = {
  amount: "amount",
  quantity: "quantity",
  campaign: "campaign",
  campaignId: "campaign_id",
  parentCampaign: "parent_campaign",
  parentCampaignId: "parent_campaign_id",
  fund: "fund",
  fundId: "fund_id",
};

/** The values under our column names (the row kept for the preview and the error CSV uses these). */
function fieldsOf(values: Record<string, string>, byColumn: Partial<Record<CsvColumn, string>>) {
  const fields: Record<string, string> = {};
  for (const [column, header] of Object.entries(byColumn)) fields[column] = values[header] ?? "";
  return fields;
}

function parseRow(fields: Record<string, string>) {
  return splitRowSchema.safeParse({
    // Split ids are assigned once the lines are known good (allocationFor in check.ts).
    splitId: "unassigned",
    amount: fields.amount ?? "",
    quantity: fields.quantity?.trim() ? fields.quantity : "1",
    campaign: fields.campaign ?? "",
    campaignId: fields.campaign_id ?? "",
    parentCampaign: fields.parent_campaign ?? "",
    parentCampaignId: fields.parent_campaign_id ?? "",
    fund: fields.fund ?? "",
    fundId: fields.fund_id ?? "",
  });
}
