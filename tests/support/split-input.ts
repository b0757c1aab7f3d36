// A split row as the editor sends it (every field text), for tests and benchmarks.
import type { SplitRowInput } from "@/lib/splits/schema";

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
