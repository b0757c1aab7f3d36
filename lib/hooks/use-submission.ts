"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchContract } from "@/lib/api-client";
import type { submissionRead, submissionRetry, submissionVerify } from "@/lib/contracts/submissions";
import { submissionKey } from "./query-keys";
import { isFinalStatus, isSettled } from "@/lib/submissions/final-statuses";

/** Polls once a second until the submission is settled: final, and read back once complete. */
export function useSubmission(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: submissionKey(id),
    queryFn: async () => {
      const submission = await fetchContract<typeof submissionRead>(`/api/submissions/${id}`);
      // The allocation shown in the transactions list changed with it.
      if (isFinalStatus(submission.status)) await client.invalidateQueries({ queryKey: ["transactions"] });
      return submission;
    },
    refetchInterval: (query) => (query.state.data && isSettled(query.state.data) ? false : 1_000),
  });
}

export function useRetrySubmission(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => fetchContract<typeof submissionRetry>(`/api/submissions/${id}/retry`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: submissionKey(id) }),
  });
}

/** "Check again": read the gifts back from the service afresh. */
export function useCheckAgain(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => fetchContract<typeof submissionVerify>(`/api/submissions/${id}/verify`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: submissionKey(id) }),
  });
}
