import { Badge } from "@/components/ui/badge";
import { STATE_LABELS, type StateInput, submissionState } from "@/lib/submissions/submission-state";

/** A submission's one state as a badge (lib/submissions/submission-state.ts): green only for
 *  Verified. `connectionActive`: false while the connection cannot reach the service, so a
 *  submission still going out waits for reconnect rather than "Sending". */
export function SubmissionStatusBadge(props: StateInput) {
  const label = STATE_LABELS[submissionState(props)];
  return <Badge tone={label.tone}>{label.text}</Badge>;
}
