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

/** `waitingForReconnect`: the connection cannot reach the service now, so a submission still
 *  going out is not "Sending": it waits, and says for what. */
export function SubmissionStatusBadge({
  status,
  waitingForReconnect = false,
}: {
  status: SubmissionSummary["status"];
  waitingForReconnect?: boolean;
}) {
  if (waitingForReconnect && (status === "sending" || status === "processing")) {
    return <Badge tone="warn">Waiting for reconnect</Badge>;
  }
  const label = LABELS[status];
  return <Badge tone={label.tone}>{label.text}</Badge>;
}
