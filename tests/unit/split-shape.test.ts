// The one split (lib/splits/split.ts): Prisma's selects and the SQL columns come from its field
// list, and the statements that write a split name its columns through them, not by hand.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  PLACEMENT_FIELDS,
  placementColumns,
  placementSelect,
  SPLIT_FIELDS,
  splitColumns,
  splitColumnsFromExcluded,
  splitColumnTypes,
  splitSelect,
} from "@/lib/splits/split";

describe("the split's field list", () => {
  it("is Prisma's select of a split and of its placement", () => {
    expect(Object.keys(splitSelect)).toEqual([...SPLIT_FIELDS]);
    expect(Object.values(splitSelect).every((v) => v === true)).toBe(true);
    expect(Object.keys(placementSelect)).toEqual([...PLACEMENT_FIELDS]);
  });

  it("is the columns of a statement: with an alias, bare, typed, and an upsert's update", () => {
    expect(placementColumns("r")).toBe(
      'r."campaign", r."campaignId", r."parentCampaign", r."parentCampaignId", r."fund", r."fundId"',
    );
    expect(splitColumns()).toBe(
      '"splitId", "unitAmountCents", "quantity", "campaign", "campaignId", "parentCampaign", "parentCampaignId", "fund", "fundId"',
    );
    expect(splitColumnTypes()).toBe(
      '"splitId" text, "unitAmountCents" bigint, "quantity" int, "campaign" text, "campaignId" text, ' +
        '"parentCampaign" text, "parentCampaignId" text, "fund" text, "fundId" text',
    );
    expect(splitColumnsFromExcluded()).not.toContain('"splitId"');
    expect(splitColumnsFromExcluded().split(", ")).toHaveLength(SPLIT_FIELDS.length - 1);
    expect(splitColumnsFromExcluded()).toContain('"unitAmountCents" = EXCLUDED."unitAmountCents"');
  });
});

// The three statements that write splits (SubmissionRow, and KnownSplit from the outbox and the
// sync). The service's names are mapped in lib/service (sentRowOf, shownSplitOf).
const WRITERS = ["lib/submissions/store.ts", "lib/outbox/record.ts", "lib/transactions/store-splits.ts"];

describe.each(WRITERS)("%s", (file) => {
  const text = readFileSync(file, "utf8");

  it("lists no split column by hand", () => {
    const field = `"?(${SPLIT_FIELDS.join("|")})"?`;
    // Two of the split's columns one after the other (a column list), or one from EXCLUDED.
    expect(text).not.toMatch(new RegExp(`"(${SPLIT_FIELDS.join("|")})",\\s*${field}\\b`));
    expect(text).not.toMatch(new RegExp(`EXCLUDED\\.${field}`));
  });

  it("reads none of the service's names for a split", () => {
    expect(text).not.toMatch(/\b(unit_amount_in_cents|campaign_id|parent_campaign|fund_id)\b/);
  });
});

// The other modules that read what the service holds: read-back's comparison, the sync's write
// of a gift and its names, the templates' look for gifts split at the service.
const READERS = ["lib/read-back/compare.ts", "lib/transactions/store-page.ts", "lib/templates/service-splits.ts"];

it.each(READERS)("%s reads the service's splits and gifts in the app's names", (file) => {
  expect(readFileSync(file, "utf8")).not.toMatch(
    /\b(unit_amount_in_cents|campaign_id|parent_campaign(_id)?|fund_id|deleted_at|external_id|contact_name|amount_in_cents)\b/,
  );
});
