// The bulk check takes lines in cents: a rule's or a template's computed shares reach it as
// integers, with no CSV text written out and read back.
import { describe, expect, it } from "vitest";
import { checkLines } from "@/lib/bulk/check";
import { shareLines } from "@/lib/bulk/share-lines";
import { withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();

// Org 1001's seed: 51001003 (no external id) $123.45.
describe("the bulk check on lines in cents", () => {
  it("accepts splits in cents without any CSV text, and refuses a wrong sum in the same words", async () => {
    const lines = shareLines([{ fund: "General" }, { fund: "Operations", campaign: "Spring Appeal" }], [10_000, 2_345]);
    expect(lines.every((l) => Object.keys(l.values).length === 0)).toBe(true);
    const [item] = await checkLines(org.connection.id, [{ transaction: "51001003", lines }]);
    expect(item).toMatchObject({ valid: true, errors: [], transactionId: "51001003" });
    expect(item?.allocation?.rows.map((r) => [r.amount, r.fund, r.campaign])).toEqual([
      [10_000, "General", "Holiday Meals"], // a blank campaign keeps the gift's own
      [2_345, "Operations", "Spring Appeal"],
    ]);

    const [short] = await checkLines(org.connection.id, [
      { transaction: "51001003", lines: shareLines([{ fund: "General" }], [100]) },
    ]);
    expect(short?.valid).toBe(false);
    expect(short?.errors.join(" ")).toMatch(/\$1\.00.*\$123\.45/);
  });
});
