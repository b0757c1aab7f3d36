"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { ApiClientError } from "@/lib/api-client";
import { deleteTemplate } from "@/lib/hooks/template-calls";

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
            await deleteTemplate(id);
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
