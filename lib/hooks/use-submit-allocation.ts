"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { AllocationInput } from "@/lib/splits/schema";

export function useSubmitAllocation() {
  return useMutation({
    mutationFn: (request: { idempotencyKey: string; allocations: AllocationInput[] }) =>
      apiFetch<{ submissionId: string; created: boolean }>("/api/submissions", { method: "POST", body: request }),
  });
}
