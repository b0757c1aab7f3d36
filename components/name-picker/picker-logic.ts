// What a picker's text means: the value a choice gives, and what typed text means when the admin
// leaves the field without choosing. Pure, so the plain input (before the combobox library has
// loaded) and the combobox behave the same. What the list offers is in picker-menu.ts, which loads
// with the combobox.
import { DEFAULT_CAMPAIGN, type NameChoice, NO_NAME } from "@/lib/splits/editor-lines";

export type NameOption = {
  name: string;
  id: string | null;
  parent?: string | null;
  parentId?: string | null;
  /** Created in this editor, not yet at the service. */
  isNew?: boolean;
};

/** `named` is a campaign chosen by name alone, with no "Service default campaign" (a template's
 *  lines and conditions, where a blank campaign means the gift's own). */
export type PickerKind = "campaign" | "parent" | "fund" | "named";

export type MenuItem =
  | { kind: "option"; option: NameOption; nearMatch: boolean }
  | { kind: "create"; name: string }
  | { kind: "default" }
  | { kind: "none" };

export const DEFAULT_CAMPAIGN_LABEL = "Service default campaign";

export const WHAT: Record<PickerKind, string> = {
  campaign: "campaign",
  parent: "campaign",
  fund: "fund",
  named: "campaign",
};

/** The text a field shows for its value. */
export function displayText(value: NameChoice): string {
  return value.status === "default" ? DEFAULT_CAMPAIGN_LABEL : value.name;
}

/** The value a menu item gives the field. */
export function choiceFor(item: MenuItem): NameChoice {
  switch (item.kind) {
    case "option":
      return { name: item.option.name, id: item.option.id ?? "", status: item.option.isNew ? "new" : "known" };
    case "create":
      return { name: item.name, id: "", status: "new" };
    case "default":
      return DEFAULT_CAMPAIGN;
    case "none":
      return NO_NAME;
  }
}

/**
 * Text left in the field without a choice: an exact known name is that name; anything else is
 * kept as typed but unresolved, so it is never sent until the admin chooses.
 */
export function resolveTyped(text: string, options: readonly NameOption[], kind: PickerKind): NameChoice {
  const typed = text.trim();
  if (!typed) return NO_NAME;
  if (kind === "campaign" && typed === DEFAULT_CAMPAIGN_LABEL) return DEFAULT_CAMPAIGN;
  const exact = options.find((o) => o.name === typed);
  if (exact) return choiceFor({ kind: "option", option: exact, nearMatch: false });
  return { name: typed, id: "", status: "unresolved" };
}

/** A blank parent campaign leaves the campaign's parent as the service holds it: the placeholder
 *  names that parent when the campaign is known to have one. */
export function keptParent(campaign: string, campaigns: readonly NameOption[]): string | undefined {
  const parent = campaign ? campaigns.find((c) => c.name === campaign)?.parent : null;
  return parent ? `Same parent: ${parent}` : undefined;
}
