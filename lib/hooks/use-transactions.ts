"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchContract } from "@/lib/api-client";
import type { transactionsList, transactionsSync } from "@/lib/contracts/transactions";
import { transactionsKey } from "./query-keys";

export function useTransactions(query: string) {
  return useQuery({
    queryKey: transactionsKey(query),
    queryFn: () => fetchContract<typeof transactionsList>(`/api/transactions?${query}`),
    placeholderData: keepPreviousData,
    // While a copy from the service is under way, the list and its progress follow it.
    refetchInterval: (q) => (q.state.data?.sync.running ? 3_000 : false),
  });
}

export function useSyncTransactions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      fetchContract<typeof transactionsSync>("/api/transactions/sync", { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["transactions"] }),
  });
}
