// A split row as the editor sends it (every field text), for tests and benchmarks.
import type { ConfirmedName, SplitRowInput } from "@/lib/splits/schema";

export function splitRowInput(splitId: string, amount: string, extra: Partial<SplitRowInput> = {}): SplitRowInput {
  return {
    splitId,
    amount,
    quantity: "1",
    campaign: "",
    campaignId: "",
    parentCampaign: "",
    parentCampaignId: "",
    fund: "General",
    fundId: "",
    ...extra,
  };
}

/**
 * The names a test's lines give, confirmed as the review's ticks confirm them: a test that means
 * to create "Spring Appeal" at the service says so (lib/submissions/new-names.ts refuses it
 * otherwise). Known names among them are confirmed harmlessly.
 */
export function confirming(line: Partial<SplitRowInput> = {}): ConfirmedName[] {
  return [
    ...(line.campaign ? [{ kind: "campaign" as const, name: line.campaign }] : []),
    ...(line.parentCampaign ? [{ kind: "campaign" as const, name: line.parentCampaign }] : []),
    ...(line.fund ? [{ kind: "fund" as const, name: line.fund }] : []),
  ];
}
