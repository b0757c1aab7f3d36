"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchContract } from "@/lib/api-client";
import type { connectionCheck, connectionDisconnect, connectionRead } from "@/lib/contracts/connection";
import { connectionKey } from "./query-keys";

export function useConnection() {
  return useQuery({ queryKey: connectionKey, queryFn: () => fetchContract<typeof connectionRead>("/api/connection") });
}

export function useCheckConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      fetchContract<typeof connectionCheck>("/api/connection/check", { method: "POST" }),
    onSuccess: (answer) => {
      if (answer.connection) client.setQueryData(connectionKey, answer.connection);
    },
  });
}

export function useDisconnect() {
  return useMutation({
    mutationFn: () => fetchContract<typeof connectionDisconnect>("/api/connection/disconnect", { method: "POST" }),
  });
}
