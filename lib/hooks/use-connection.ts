"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { ConnectionView } from "@/lib/connections/view";
import { connectionKey } from "./query-keys";

export function useConnection() {
  return useQuery({ queryKey: connectionKey, queryFn: () => apiFetch<ConnectionView>("/api/connection") });
}

export function useCheckConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ connection: ConnectionView | null; problem: string | null }>("/api/connection/check", {
        method: "POST",
      }),
    onSuccess: (answer) => {
      if (answer.connection) client.setQueryData(connectionKey, answer.connection);
    },
  });
}

export function useDisconnect() {
  return useMutation({
    mutationFn: () => apiFetch<{ serviceNotified: boolean }>("/api/connection/disconnect", { method: "POST" }),
  });
}
