"use client";

import { useCallback, useState } from "react";
import { fetchContract } from "@/lib/api-client";
import type { Answer, RequestBody } from "@/lib/contracts/contract";
import type { submissionCreate } from "@/lib/contracts/submissions";

type State =
  { status: "idle" | "pending"; error: null } | { status: "success"; error: null } | { status: "error"; error: Error };

/** Sends the editor's allocation. Plain state rather than react-query's useMutation: the editor
 *  is the one page without a QueryClientProvider, which keeps its first load under 160 kB. */
export function useSubmitAllocation() {
  const [state, setState] = useState<State>({ status: "idle", error: null });
  const mutateAsync = useCallback(async (request: RequestBody<typeof submissionCreate>): Promise<Answer<typeof submissionCreate>> => {
    setState({ status: "pending", error: null });
    try {
      const answer = await fetchContract<typeof submissionCreate>("/api/submissions", { method: "POST", body: request });
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
