"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { ApiClientError, apiFetch } from "@/lib/api-client";

export function DeleteTemplate({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const [dialog, confirm] = useConfirm();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="link-danger"
        onClick={async () => {
          const yes = await confirm({
            title: `Delete the template “${name}”?`,
            body: "Gifts already sent with it are not affected; gifts waiting in the inbox keep their proposal.",
            confirm: "Delete template",
            danger: true,
          });
          if (!yes) return;
          try {
            await apiFetch(`/api/templates/${id}`, { method: "DELETE" });
            router.refresh();
          } catch (e) {
            setError(e instanceof ApiClientError ? e.message : "Something went wrong.");
          }
        }}
      >
        Delete…
      </Button>
      {error && <span className="field__error">{error}</span>}
      {dialog}
    </>
  );
}
