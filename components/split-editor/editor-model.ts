// Conversions between what the editor shows and the allocation schema's input.
import { centsToInput, parseMoney } from "@/lib/splits/money";
import type { AllocationInput, SplitRowInput } from "@/lib/splits/schema";
import type { Contribution } from "@/lib/splits/allocate";
import type { SplitView, TransactionView } from "@/lib/transactions/read";

export type EditorValues = AllocationInput;

export function rowFromSplit(split: SplitView): SplitRowInput {
  return {
    splitId: split.splitId,
    amount: centsToInput(split.unitAmountCents),
    quantity: String(split.quantity),
    campaign: split.campaign ?? "",
    campaignId: split.campaignId ?? "",
    parentCampaign: split.parentCampaign ?? "",
    parentCampaignId: split.parentCampaignId ?? "",
    fund: split.fund,
    fundId: split.fundId ?? "",
  };
}

export function blankRow(splitId: string, amountCents: number | null, from?: Partial<SplitRowInput>): SplitRowInput {
  return {
    splitId,
    amount: amountCents === null ? "" : centsToInput(amountCents),
    quantity: "1",
    campaign: from?.campaign ?? "",
    campaignId: from?.campaignId ?? "",
    parentCampaign: "",
    parentCampaignId: "",
    fund: from?.fund || "General",
    fundId: from?.fundId ?? "",
  };
}

export function initialValues(transaction: TransactionView, firstSplitId: string): EditorValues {
  const rows =
    transaction.splits.length > 0
      ? transaction.splits.map(rowFromSplit)
      : [
          blankRow(firstSplitId, transaction.amountCents, {
            campaign: transaction.campaign ?? "",
            campaignId: transaction.campaignId ?? "",
            fund: transaction.fund ?? "General",
            fundId: transaction.fundId ?? "",
          }),
        ];
  return {
    transactionId: transaction.transactionId,
    totalCents: transaction.amountCents,
    currency: transaction.currency,
    rows,
    removedSplitIds: [],
  };
}

/** What each row contributes, as far as it parses (rows that do not parse count as nothing). */
export function contributions(rows: readonly Pick<SplitRowInput, "amount" | "quantity">[] | undefined): Contribution[] {
  return (rows ?? []).map((row) => {
    const amount = parseMoney(String(row.amount ?? ""));
    const quantity = /^\d{1,6}$/.test(String(row.quantity ?? "").trim()) ? Number(String(row.quantity).trim()) : null;
    return { cents: amount.ok ? amount.value : null, quantity };
  });
}
