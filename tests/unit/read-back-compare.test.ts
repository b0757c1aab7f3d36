import { describe, expect, it } from "vitest";
import { compareGift, type SentSplit } from "@/lib/read-back/compare";
import type { ServiceSplit } from "@/lib/service/transactions";

const sent = (splitId: string, over: Partial<SentSplit> = {}): SentSplit => ({
  splitId,
  unitAmountCents: 5_000,
  quantity: 1,
  campaign: "Spring",
  campaignId: null,
  fund: "General",
  fundId: null,
  deleted: false,
  ...over,
});
const held = (id: string, over: Partial<ServiceSplit> = {}): ServiceSplit => ({
  id,
  transaction_id: "9001",
  unit_amount_in_cents: 5_000,
  quantity: 1,
  campaign: "Spring",
  fund: "General",
  deleted_at: null,
  ...over,
});

describe("read-back: what was sent against what the service holds", () => {
  it("finds nothing when the service holds every split as sent, removals included", () => {
    const rows = [sent("e:1"), sent("e:2", { fund: "Food" }), sent("e:3", { deleted: true })];
    const service = [held("e:1"), held("e:2", { fund: "Food" }), held("e:3", { deleted_at: "2026-11-23T00:00:00Z" })];
    expect(compareGift(rows, service, "USD")).toEqual([]);
    // A removed split the service no longer lists at all is removed too.
    expect(compareGift([sent("e:3", { deleted: true })], [], "USD")).toEqual([]);
  });

  it("names each difference in words", () => {
    const rows = [
      sent("e:1"),
      sent("e:2"),
      sent("e:3", { quantity: 2 }),
      sent("e:4", { campaign: "Spring" }),
      sent("e:5", { fund: "Food" }),
      sent("e:6", { deleted: true }),
      sent("e:7"),
    ];
    const service = [
      held("e:2", { unit_amount_in_cents: 4_000 }),
      held("e:3", { quantity: 1 }),
      held("e:4", { campaign: "Autumn" }),
      held("e:5", { fund: "General" }),
      held("e:6"),
      held("e:7", { deleted_at: "2026-11-23T00:00:00Z" }),
    ];
    expect(compareGift(rows, service, "USD")).toEqual([
      {
        splitId: "e:1",
        kind: "missing",
        message: "The service does not hold the $50.00 line in General: it shows $0.00 here.",
      },
      {
        splitId: "e:2",
        kind: "amount",
        message: "The line in General holds $40.00 at the service, not $50.00 as sent.",
      },
      {
        splitId: "e:3",
        kind: "quantity",
        message: "The line in General has quantity 1 at the service, not 2 as sent.",
      },
      {
        splitId: "e:4",
        kind: "campaign",
        message: "The line in General is in campaign “Autumn” at the service, not “Spring” as sent.",
      },
      {
        splitId: "e:5",
        kind: "fund",
        message: "The $50.00 line is in fund “General” at the service, not “Food” as sent.",
      },
      {
        splitId: "e:6",
        kind: "not_removed",
        message: "The service still holds the $50.00 line in General, which was to be removed.",
      },
      { splitId: "e:7", kind: "removed", message: "The service shows the $50.00 line in General as removed." },
    ]);
  });

  it("matches by id when both sides have one, by name otherwise; a row sent without a campaign is not judged on it", () => {
    expect(
      compareGift(
        [sent("e:1", { campaign: "Spring", campaignId: "c7" })],
        [held("e:1", { campaign: "Spring 2026", campaign_id: "c7" })],
        "USD",
      ),
    ).toEqual([]);
    expect(
      compareGift(
        [sent("e:1", { campaign: "Spring", campaignId: "c7" })],
        [held("e:1", { campaign: "Spring", campaign_id: "c8" })],
        "USD",
      ),
    ).toHaveLength(1);
    expect(compareGift([sent("e:1", { campaign: null })], [held("e:1", { campaign: "Default" })], "USD")).toEqual([]);
    // Names are compared exactly: a case the service may or may not keep is reported, not assumed.
    expect(compareGift([sent("e:1", { fund: "general" })], [held("e:1")], "USD")).toHaveLength(1);
  });

  it("ignores splits the submission never named", () => {
    expect(compareGift([sent("e:1")], [held("e:1"), held("made-in-the-service")], "USD")).toEqual([]);
  });
});
