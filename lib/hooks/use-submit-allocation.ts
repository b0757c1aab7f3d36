"use client";

import { useCallback, useState } from "react";
import { apiFetch } from "@/lib/api-client";
import type { AllocationInput, ConfirmedName } from "@/lib/splits/schema";

type Request = {
  idempotencyKey: string;
  allocations: AllocationInput[];
  confirmedNewNames: ConfirmedName[];
  reason?: string | undefined;
};
type Answer = { submissionId: string; created: boolean };
type State =
  { status: "idle" | "pending"; error: null } | { status: "success"; error: null } | { status: "error"; error: Error };

/** Sends the editor's allocation. Plain state rather than react-query's useMutation: the editor
 *  is the one page without a QueryClientProvider, which keeps its first load under 160 kB. */
export function useSubmitAllocation() {
  const [state, setState] = useState<State>({ status: "idle", error: null });
  const mutateAsync = useCallback(async (request: Request): Promise<Answer> => {
    setState({ status: "pending", error: null });
    try {
      const answer = await apiFetch<Answer>("/api/submissions", { method: "POST", body: request });
      setState({ status: "success", error: null });
      return answer;
    } catch (error) {
      setState({ status: "error", error: error instanceof Error ? error : new Error(String(error)) });
      throw error;
    }
  }, []);
  return {
    mutateAsync,
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    error: state.error,
  };
}
