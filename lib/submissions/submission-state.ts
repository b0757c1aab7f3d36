// The one status of a submission an admin sees, read-back included: whether it is going out, is
// being checked, and whether the service holds what was sent. Derived here and only here, from
// the stored status, read-back's verdict and the connection's state, so the History list and its
// filter, the detail page, the settings card, a gift's history and the bulk progress say the same.
// Free of server code: pages and client components share it.
import type { SubmissionStatus } from "@/lib/generated/prisma/client";

export const SUBMISSION_STATES = [
  "sending",
  "waiting",
  "checking",
  "verified",
  "differs",
  "could_not_verify",
  "failed",
] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

export type VerificationState = "pending" | "verified" | "differs" | "could_not_verify";

export type StateInput = {
  status: SubmissionStatus;
  /** Read-back's verdict; null until the imports are complete. */
  verification: VerificationState | null;
  /** Whether the connection can reach the service now (active). */
  connectionActive: boolean;
};

export function submissionState({ status, verification, connectionActive }: StateInput): SubmissionState {
  if (status === "needs_attention") return "failed";
  if (status === "sending" || status === "processing") return connectionActive ? "sending" : "waiting";
  // complete or complete_with_drops: the imports are done, the verdict is read-back's. Dropped rows
  // are not held at the service, so read-back finds them different: they never read Verified.
  switch (verification) {
    case "verified":
      return "verified";
    case "differs":
      return "differs";
    case "could_not_verify":
      return "could_not_verify";
    default:
      return "checking";
  }
}

export type Tone = "ok" | "warn" | "danger" | "info" | "neutral";

/** The badge: its word and colour. Green only for Verified. */
export const STATE_LABELS: Record<SubmissionState, { text: string; tone: Tone }> = {
  sending: { text: "Sending", tone: "neutral" },
  waiting: { text: "Waiting for reconnect", tone: "warn" },
  checking: { text: "Checking", tone: "info" },
  verified: { text: "Verified", tone: "ok" },
  differs: { text: "Differs", tone: "danger" },
  could_not_verify: { text: "Could not verify", tone: "warn" },
  failed: { text: "Failed", tone: "danger" },
};

/** Why a submission is Failed (lib/submissions/failure.ts reads it from its failed batches). */
export type FailureCause = "unreachable" | "not_sent" | "import_failed" | "not_followed";

const FAILED: Record<FailureCause, string> = {
  unreachable: "Failed: the service could not be reached after several tries. Open it to retry.",
  not_sent: "Failed: the service refused the splits, or Apportion could not send them. Open it to see why and retry.",
  import_failed: "Failed: the service reported that the import failed. Open it to see why and retry.",
  not_followed:
    "Failed: the service took the splits but did not say how the import went. Open it to see why and retry.",
};

/** The one sentence for a state, shared by settings, History, the bulk progress and the mails.
 *  `failure` tells a Failed submission's cause; null where none is known. */
export function stateSentence(state: SubmissionState, failure: FailureCause | null): string {
  switch (state) {
    case "sending":
      return "Sending to the service.";
    case "waiting":
      return "Waiting for reconnect: nothing is lost, it goes out once the connection works again.";
    case "checking":
      return "Sent; checking what the service now holds.";
    case "verified":
      return "Verified: the service holds every split as sent.";
    case "differs":
      return "Differs: the service holds something other than what was sent.";
    case "could_not_verify":
      return "Could not verify: the service's answers could not show what it holds.";
    case "failed":
      return failure ? FAILED[failure] : "Failed: some splits were not imported. Open it to see why and retry.";
  }
}
