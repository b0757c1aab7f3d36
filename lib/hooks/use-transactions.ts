"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { TransactionPage } from "@/lib/transactions/read";
import { transactionsKey } from "./query-keys";

export function useTransactions(query: string) {
  return useQuery({
    queryKey: transactionsKey(query),
    queryFn: () => apiFetch<TransactionPage>(`/api/transactions?${query}`),
    placeholderData: keepPreviousData,
    // While a copy from the service is under way, the list and its progress follow it.
    refetchInterval: (q) => (q.state.data?.sync.running ? 3_000 : false),
  });
}

export function useSyncTransactions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ synced: number; state: "complete" | "unfinished" | "busy" }>("/api/transactions/sync", {
        method: "POST",
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["transactions"] }),
  });
}
