"use client";

import { useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { formatCents } from "@/lib/splits/money";
import type { SplitEditorState } from "./use-split-editor";

/** Splits the service holds now that the new allocation removes, each with a way back. */
export function RemovedSplits({ editor }: { editor: SplitEditorState }) {
  const { form, gift, actions } = editor;
  const removed = useWatch({ control: form.control, name: "removedSplitIds" });
  if (removed.length === 0) return null;
  return (
    <section className="removed" aria-labelledby="removed-title">
      <h2 id="removed-title">Splits to remove</h2>
      <p className="small muted">
        The service will mark these splits as removed; their money is in the lines above. They stay in the
        service&apos;s history.
      </p>
      <ul>
        {removed.map((splitId) => {
          const split = gift.splits.find((s) => s.splitId === splitId);
          const what = split
            ? `${formatCents(split.unitAmountCents * split.quantity, gift.currency)} in ${split.campaign ?? "the service's default campaign"} / ${split.fund}`
            : splitId;
          return (
            <li key={splitId}>
              {what}{" "}
              <Button variant="link" onClick={() => actions.undoRemove(splitId)}>
                Keep it<span className="visually-hidden"> ({what})</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
