// The service's notification codes in plain words, shown next to the split they concern.
import "server-only";

const REASONS: Record<string, string> = {
  transaction_not_found: "The service could not find this gift, so the split was not imported.",
  overlapping_id: "This split's id is already the id of a gift at the service, so the split was dropped.",
  sum_mismatch: "This gift's splits did not add up to its total at the service, so none of them were applied.",
  invalid_row: "The service refused this split.",
  split_not_found: "The split to remove does not exist at the service.",
};

export function dropReason(code: string | undefined, serviceMessage: string | undefined): string {
  const plain = (code && REASONS[code]) || "The service dropped this split.";
  return serviceMessage ? `${plain} (The service said: ${serviceMessage})` : plain;
}
