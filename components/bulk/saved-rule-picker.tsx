"use client";

import type { SavedRuleView } from "@/lib/bulk/rules-store";
import { useDeleteRule } from "@/lib/hooks/use-bulk";
import { Button } from "@/components/ui/button";
import type { useConfirm } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";

type Props = {
  rules: SavedRuleView[];
  selected: SavedRuleView | null;
  /** Picks a rule ("" for a new one); `force` skips asking about unsaved changes. */
  onPick: (id: string, force?: boolean) => Promise<void>;
  onDeleted: (name: string) => void;
  onError: (error: unknown) => void;
  /** The rule form's own confirm: one dialog for discarding changes and deleting. */
  confirm: ReturnType<typeof useConfirm>[1];
};

/** The saved rules to start from, and deleting the one chosen. */
export function SavedRulePicker({ rules, selected, onPick, onDeleted, onError, confirm }: Props) {
  const discard = useDeleteRule();

  async function remove(rule: SavedRuleView) {
    const yes = await confirm({
      title: `Delete the rule “${rule.name}”?`,
      body: "Allocations already sent with it are not affected.",
      confirm: "Delete rule",
      danger: true,
    });
    if (!yes) return;
    discard.mutate(rule.id, {
      onSuccess: () => {
        onDeleted(rule.name);
        void onPick("", true);
      },
      onError,
    });
  }

  return (
    <div className="button-row">
      <Field id="saved-rule" label="Saved rules">
        {(control) => (
          <select {...control} value={selected?.id ?? ""} onChange={(e) => void onPick(e.target.value)}>
            <option value="">New rule</option>
            {rules.map((rule) => (
              <option key={rule.id} value={rule.id}>
                {rule.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {selected && (
        <Button variant="link-danger" disabled={discard.isPending} onClick={() => remove(selected)}>
          {discard.isPending ? "Deleting…" : "Delete rule…"}
        </Button>
      )}
    </div>
  );
}
