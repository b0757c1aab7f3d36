import type { SubmissionSummary } from "@/lib/imports/read";

const LABELS: Record<SubmissionSummary["status"], { text: string; tone: string }> = {
  sending: { text: "Sending", tone: "" },
  processing: { text: "Processing at the service", tone: "" },
  complete: { text: "Complete", tone: "badge--ok" },
  complete_with_drops: { text: "Complete, some rows dropped", tone: "badge--warn" },
  needs_attention: { text: "Needs attention", tone: "badge--danger" },
};

export function SubmissionStatusBadge({ status }: { status: SubmissionSummary["status"] }) {
  const label = LABELS[status];
  return <span className={`badge ${label.tone}`}>{label.text}</span>;
}
