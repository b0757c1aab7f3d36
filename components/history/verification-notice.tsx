"use client";

import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { When } from "@/components/ui/when";
import { useCheckAgain } from "@/lib/hooks/use-submission";
import type { SubmissionDetail } from "@/lib/submissions/read";

/** Read-back's verdict: whether the service now holds what was sent, and "Check again". */
export function VerificationNotice({ data, zone }: { data: SubmissionDetail; zone: string }) {
  const again = useCheckAgain(data.id);
  const v = data.verification;
  if (data.status !== "complete" && data.status !== "complete_with_drops") return null;
  const checkAgain = (
    <Button variant="secondary" onClick={() => again.mutate()} disabled={again.isPending || v?.state === "pending"}>
      {again.isPending ? "Asking…" : "Check again"}
    </Button>
  );
  const checked = v?.checkedAt ? (
    <>
      {" "}
      (read back <When iso={v.checkedAt} zone={zone} />)
    </>
  ) : null;
  if (!v || v.state === "pending") {
    return (
      <Notice tone="info" role="status">
        Reading the gifts back from the service to check what it now holds…
      </Notice>
    );
  }
  const differing = data.transactions.filter((t) => t.differences.length > 0).length;
  return (
    <>
      {v.state === "verified" && (
        <Notice tone="ok" role="status" actions={checkAgain}>
          <strong>Verified:</strong> the service holds every split as sent{checked}.
        </Notice>
      )}
      {v.state === "differs" && (
        <Notice tone="danger" role="status" actions={checkAgain}>
          <strong>Differs:</strong> what the service holds differs from what was sent for {differing} gift
          {differing === 1 ? "" : "s"}
          {checked}. Each difference is listed with its gift below.
        </Notice>
      )}
      {v.state === "could_not_verify" && (
        <Notice tone="warn" role="status" actions={checkAgain}>
          <strong>Could not verify:</strong> {v.note}
          {checked}
        </Notice>
      )}
      {again.error && <Notice tone="danger">{again.error.message}</Notice>}
    </>
  );
}
