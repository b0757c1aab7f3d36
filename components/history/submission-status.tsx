import { Badge } from "@/components/ui/badge";
import type { Tone } from "@/components/ui/notice";
import type { SubmissionSummary } from "@/lib/submissions/read";

const LABELS: Record<SubmissionSummary["status"], { text: string; tone: Tone | "neutral" }> = {
  sending: { text: "Sending", tone: "neutral" },
  processing: { text: "Processing at the service", tone: "neutral" },
  complete: { text: "Complete", tone: "ok" },
  complete_with_drops: { text: "Complete, some rows dropped", tone: "warn" },
  needs_attention: { text: "Needs attention", tone: "danger" },
};

export function SubmissionStatusBadge({ status }: { status: SubmissionSummary["status"] }) {
  const label = LABELS[status];
  return <Badge tone={label.tone}>{label.text}</Badge>;
}
