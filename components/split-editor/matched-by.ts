// How the service will find the gift, in words (the import's match_by, spec §2.3 rules 3-4).
type GiftRef = { transactionId: string; externalId: string | null };

export function matchedBy(gift: GiftRef): string {
  return gift.externalId
    ? `The service finds this gift by its external id, ${gift.externalId}.`
    : `This gift was entered in the service itself, so the service finds it by its own id, ${gift.transactionId}.`;
}
