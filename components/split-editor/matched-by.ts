// Which gift this is, in the admin's words: the reference their own records give it (the
// service finds it by that, the import's match_by, spec §2.3 rules 3-4), or, for a gift entered
// at the service itself, the service's number for it.
type GiftRef = { transactionId: string; externalId: string | null };

export function matchedBy(gift: GiftRef): string {
  return gift.externalId
    ? `Your reference for this gift: ${gift.externalId}.`
    : `Entered at the service directly, as gift ${gift.transactionId}.`;
}
