"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchContract } from "@/lib/api-client";
import type { RuleInput } from "@/lib/bulk/rule";
import type { SavedRuleView } from "@/lib/bulk/rules-store";
import type {
  draftCreate,
  draftDiscard,
  draftPreview,
  draftReplaceName,
  draftSubmit,
  ruleDelete,
  ruleSave,
  rulesList,
} from "@/lib/contracts/bulk";
import type { Answer, RequestBody } from "@/lib/contracts/contract";
import type { submissionProgress } from "@/lib/contracts/submissions";
import { bulkKey, progressKey, rulesKey } from "./query-keys";
import { isFinalStatus, isSettled } from "@/lib/submissions/final-statuses";

export function useRules(initial: SavedRuleView[]) {
  return useQuery({
    queryKey: rulesKey,
    queryFn: () => fetchContract<typeof rulesList>("/api/rules"),
    initialData: initial,
  });
}

export function useSaveRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, rule }: { id?: string; name: string; rule: RuleInput }) =>
      fetchContract<typeof ruleSave>(id ? `/api/rules/${id}` : "/api/rules", {
        method: id ? "PUT" : "POST",
        body: { name, rule },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: rulesKey }),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchContract<typeof ruleDelete>(`/api/rules/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: rulesKey }),
  });
}

export function useCreateRuleDraft() {
  return useMutation({
    mutationFn: (body: { label: string; rule: RuleInput; filters: Record<string, string> }) =>
      fetchContract<typeof draftCreate>("/api/bulk", { method: "POST", body: { source: "rule", ...body } }),
  });
}

export function useDraftPreview(id: string, query: { show: string; page: number }) {
  return useQuery({
    queryKey: [...bulkKey(id), query.show, query.page],
    queryFn: () => fetchContract<typeof draftPreview>(`/api/bulk/${id}?show=${query.show}&page=${query.page}`),
    placeholderData: keepPreviousData,
  });
}

export function useSubmitDraft(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestBody<typeof draftSubmit>) =>
      fetchContract<typeof draftSubmit>(`/api/bulk/${id}/submit`, { method: "POST", body }),
    // A refusal (new names since the preview, a changed gift) shows the draft as it is now, too.
    onSettled: () => client.invalidateQueries({ queryKey: bulkKey(id) }),
  });
}

/** Puts a known name in place of one new to the organization, then shows the preview again. */
export function useReplaceName(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestBody<typeof draftReplaceName>) =>
      fetchContract<typeof draftReplaceName>(`/api/bulk/${id}/names`, { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: bulkKey(id) }),
  });
}

export function useDiscardDraft(id: string) {
  return useMutation({ mutationFn: () => fetchContract<typeof draftDiscard>(`/api/bulk/${id}`, { method: "DELETE" }) });
}

/** Polls the counts once a second until the submission is final. */
export function useSubmissionProgress(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: progressKey(id),
    queryFn: async () => {
      const progress = await fetchContract<typeof submissionProgress>(`/api/submissions/${id}/progress`);
      if (isFinalStatus(progress.status)) await client.invalidateQueries({ queryKey: ["transactions"] });
      return progress;
    },
    // Until settled: final, and read back (the badge goes from Checking to Verified or Differs).
    refetchInterval: (query) => (query.state.data && settled(query.state.data) ? false : 1_000),
  });
}

const settled = (p: Answer<typeof submissionProgress>) =>
  isSettled({ status: p.status, verification: p.verificationState ? { state: p.verificationState } : null });
