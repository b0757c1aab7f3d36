"use client";

// The editor's "Copy the split of another gift" (found by donor, amount or date) and "Save these
// lines as a template" (with the line that takes the rest) rows, apart from the panel
// (editor-templates.tsx) so it reads as its three actions.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { formatCents } from "@/lib/splits/money";
import { type FoundGift, GiftSearchPicker } from "./gift-search-picker";

/** Finds another gift with the gifts search, then copies its split. */
export function CopySplitRow({ exclude, onCopy }: { exclude: string; onCopy: (transactionId: string) => void }) {
  const [chosen, setChosen] = useState<FoundGift | null>(null);
  return (
    <div className="button-row">
      <GiftSearchPicker id="copy-gift" label="Copy the split of another gift" exclude={exclude} onChoose={setChosen} />
      <Button variant="secondary" onClick={() => chosen && onCopy(chosen.transactionId)} disabled={!chosen}>
        Copy
      </Button>
    </div>
  );
}

export type RestChoice = { splitId: string; label: string };

/** The editor's lines as the choices of the line that takes the rest. */
export function restChoices(
  lines: readonly { splitId: string; fund: { name: string } }[],
  cents: readonly (number | null)[],
  currency: string,
): RestChoice[] {
  return lines.map((line, index) => {
    const amount = cents[index];
    const parts = [`Line ${index + 1}`, amount === null || amount === undefined ? null : formatCents(amount, currency)];
    if (line.fund.name) parts.push(line.fund.name);
    return { splitId: line.splitId, label: parts.filter(Boolean).join(" · ") };
  });
}

/** A name, the line that takes the rest (the one the admin put the remainder on, else the last),
 *  and Save. `choices` are read when the row shows: the lines as they are then. */
export function SaveTemplateRow({
  choices,
  initialRest,
  onSave,
}: {
  choices: RestChoice[];
  initialRest: string | null;
  onSave: (name: string, restSplitId: string) => void;
}) {
  const [name, setName] = useState("");
  const fallback = choices.at(-1)?.splitId ?? "";
  const [rest, setRest] = useState(
    initialRest && choices.some((c) => c.splitId === initialRest) ? initialRest : fallback,
  );
  const restNow = choices.some((c) => c.splitId === rest) ? rest : fallback;
  return (
    <div className="button-row">
      <Field id="save-template" label="Save these lines as a template, named" className="field--grow">
        {(c) => <input {...c} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />}
      </Field>
      <Field id="save-template-rest" label="The line that takes the rest">
        {(c) => (
          <select {...c} value={restNow} onChange={(e) => setRest(e.target.value)}>
            {choices.map((choice) => (
              <option key={choice.splitId} value={choice.splitId}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button variant="secondary" onClick={() => onSave(name, restNow)} disabled={!name.trim()}>
        Save as template
      </Button>
    </div>
  );
}
