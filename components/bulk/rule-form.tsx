"use client";

import { useRouter } from "next/navigation";
import { type KeyboardEvent, useState } from "react";
import { type Resolver, useForm, type UseFormReturn } from "react-hook-form";
import { NO_FILTERS, type FilterValues } from "@/components/transactions/transaction-filters";
import { ApiClientError } from "@/lib/api-client";
import type { Rule, RuleInput } from "@/lib/bulk/rule";
import type { SavedRuleView } from "@/lib/bulk/rules-store";
import { useCreateRuleDraft, useRules, useSaveRule } from "@/lib/hooks/use-bulk";
import type { CampaignOption } from "@/lib/transactions/read";
import { activeFilters, RuleGifts } from "./rule-gifts";
import { RuleLines } from "./rule-lines";
import { SavedRulePicker } from "./saved-rule-picker";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

type Props = {
  rules: SavedRuleView[];
  campaigns: CampaignOption[];
  funds: { name: string; id: string | null }[];
};

type Message = { tone: "ok" | "danger"; text: string } | null;

const EMPTY: RuleInput = {
  lines: [
    { fund: "", campaign: "", percent: "60" },
    { fund: "", campaign: "", percent: "40" },
  ],
  leftoverLine: 0,
};

// The rule's check (zod and the rule's schema) loads when the admin first reaches for the form
// (pointer or focus), not with the page: by the time Preview or Save asks for it, it is there or
// on its way. Until the first submit nothing is checked (react-hook-form's onSubmit mode).
const loadCheck = () => import("./rule-check");
let reached = false;
function preloadCheck() {
  if (reached) return;
  reached = true;
  loadCheck().catch(() => {
    reached = false; // tried again on the next approach
  });
}

const ruleResolver: Resolver<RuleInput, unknown, Rule> = async (values, context, options) => {
  let check: Awaited<ReturnType<typeof loadCheck>>;
  try {
    check = await loadCheck();
  } catch {
    // Said where the sum's problems show, rather than a form stuck in "submitting".
    return {
      values: {},
      errors: {
        lines: {
          type: "load",
          message: "The rule could not be checked: part of this page did not load. Reload the page and try again.",
        },
      },
    };
  }
  return check.ruleResolver(values, context, options);
};

/** Builds or picks a saved rule, chooses the gifts, and asks for a preview. */
export function RuleForm({ rules: initialRules, campaigns, funds }: Props) {
  const { data: rules } = useRules(initialRules);
  const [selected, setSelected] = useState<SavedRuleView | null>(null);
  const [name, setName] = useState("");
  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  // Each message shows next to what it is about: saving and deleting, or previewing.
  const [message, setMessage] = useState<Message>(null);
  const [confirmDialog, confirm] = useConfirm();

  const form = useForm<RuleInput, unknown, Rule>({ resolver: ruleResolver, defaultValues: EMPTY });
  const { control, register, reset, formState, setFocus, setValue } = form;

  async function pick(id: string, force = false) {
    if (!force && formState.isDirty) {
      const yes = await confirm({
        title: "Discard your changes to this rule?",
        body: "The lines you changed are not saved.",
        confirm: "Discard changes",
        danger: true,
      });
      if (!yes) return;
    }
    const rule = rules.find((r) => r.id === id) ?? null;
    setSelected(rule);
    setName(rule?.name ?? "");
    setMessage(null);
    reset(rule ? { lines: rule.lines, leftoverLine: rule.leftoverLine } : EMPTY);
  }

  const fail = (error: unknown) =>
    setMessage({ tone: "danger", text: error instanceof ApiClientError ? error.message : "Something went wrong." });

  const { onSave, saving } = useRuleSave({ form, name, selected, setSelected, setMessage, fail, funds, campaigns });
  const { onPreview, previewing, previewError } = useRulePreview({ form, name, filters, funds, campaigns });

  return (
    <section className="card" aria-labelledby="rule-title" onPointerOver={preloadCheck} onFocus={preloadCheck}>
      <h2 id="rule-title">Apply a rule</h2>
      <p className="muted small">
        Split every gift that matches the filters by percentages. Shares are rounded down to the cent; the cents left
        over go to the line you choose, so each gift adds up exactly.
      </p>
      <SavedRulePicker
        rules={rules}
        selected={selected}
        onPick={pick}
        onDeleted={(deleted) => setMessage({ tone: "ok", text: `Deleted “${deleted}”.` })}
        onError={fail}
        confirm={confirm}
      />
      {confirmDialog}
      <form id="rule-form" onSubmit={onPreview} noValidate onKeyDown={keepEnterInField}>
        <RuleLines
          control={control}
          register={register}
          setValue={setValue}
          errors={formState.errors}
          setFocus={setFocus}
          submitted={formState.isSubmitted}
        />
        <KnownNameLists funds={funds} campaigns={campaigns} />
        <div className="button-row">
          <Field id="rule-name" label="Rule name (to save it for later)" className="field--grow">
            {(control) => <input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />}
          </Field>
          <SaveRuleButtons selected={!!selected} saving={saving} onSave={onSave} />
        </div>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
      </form>
      <RuleGifts
        filters={filters}
        onFiltersChange={(next) => setFilters((f) => ({ ...f, ...next }))}
        campaigns={campaigns}
        funds={funds}
        previewing={previewing}
        previewError={previewError}
      />
    </section>
  );
}

type RuleFormApi = UseFormReturn<RuleInput, unknown, Rule>;
type Known = { funds: Props["funds"]; campaigns: CampaignOption[] };

/** Saves the rule under its name: over the chosen rule, or as a new one. */
function useRuleSave({
  form,
  name,
  selected,
  setSelected,
  setMessage,
  fail,
  funds,
  campaigns,
}: Known & {
  form: RuleFormApi;
  name: string;
  selected: SavedRuleView | null;
  setSelected: (rule: SavedRuleView) => void;
  setMessage: (message: Message) => void;
  fail: (error: unknown) => void;
}) {
  const save = useSaveRule();
  const onSave = (asNew: boolean) =>
    form.handleSubmit(async () => {
      const values = withIds(form.getValues(), funds, campaigns);
      if (!name.trim()) return setMessage({ tone: "danger", text: "Give the rule a name to save it." });
      try {
        const saved = await save.mutateAsync({ id: asNew ? undefined : selected?.id, name, rule: values });
        setSelected(saved);
        form.reset(form.getValues()); // saved: switching rules now loses nothing
        setMessage({ tone: "ok", text: `Saved “${saved.name}”.` });
      } catch (error) {
        fail(error);
      }
    });
  return { onSave, saving: save.isPending ? save.variables : null };
}

/** Makes a draft of the rule over the filtered gifts and opens its preview. */
function useRulePreview({
  form,
  name,
  filters,
  funds,
  campaigns,
}: Known & { form: RuleFormApi; name: string; filters: FilterValues }) {
  const router = useRouter();
  const preview = useCreateRuleDraft();
  const [previewError, setPreviewError] = useState<string | null>(null);
  const onPreview = form.handleSubmit(async () => {
    setPreviewError(null);
    try {
      const { id } = await preview.mutateAsync({
        label: labelOf(name, form.getValues()),
        rule: withIds(form.getValues(), funds, campaigns),
        filters: activeFilters(filters),
      });
      router.push(`/bulk/${id}`);
    } catch (error) {
      setPreviewError(error instanceof ApiClientError ? error.message : "Something went wrong.");
    }
  });
  return { onPreview, previewing: preview.isPending, previewError };
}

/** "Save changes" to the chosen rule, or save a new one; each says "Saving…" only for its own save. */
function SaveRuleButtons({
  selected,
  saving,
  onSave,
}: {
  selected: boolean;
  /** What is being saved right now, if anything (no id: a new rule). */
  saving: { id?: string } | null;
  onSave: (asNew: boolean) => () => Promise<void>;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onSave(false)} disabled={!!saving}>
        {saving && (!selected || saving.id) ? "Saving…" : selected ? "Save changes" : "Save rule"}
      </Button>
      {selected && (
        <Button variant="secondary" onClick={onSave(true)} disabled={!!saving}>
          {saving && !saving.id ? "Saving…" : "Save as new rule"}
        </Button>
      )}
    </>
  );
}

/** The funds and campaigns the service holds, offered as suggestions in the rule's lines. */
function KnownNameLists({ funds, campaigns }: { funds: Props["funds"]; campaigns: CampaignOption[] }) {
  return (
    <>
      <datalist id="known-funds">
        {funds.map((f) => (
          <option key={f.name} value={f.name} />
        ))}
      </datalist>
      <datalist id="known-campaigns">
        {campaigns.map((c) => (
          <option key={c.name} value={c.name} />
        ))}
      </datalist>
    </>
  );
}

/** Enter in a field (often to take a suggestion) must not run the rule over every matching gift:
 *  previewing is the button's job. */
function keepEnterInField(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === "Enter" && event.target instanceof HTMLInputElement) event.preventDefault();
}

/** Names decide ids, as in the editor: a known fund or campaign is sent with its id. */
function withIds(values: RuleInput, funds: Props["funds"], campaigns: CampaignOption[]): RuleInput {
  return {
    ...values,
    lines: values.lines.map((line) => ({
      ...line,
      fundId: funds.find((f) => f.name === line.fund.trim())?.id ?? "",
      campaignId: campaigns.find((c) => c.name === line.campaign?.trim())?.id ?? "",
    })),
  };
}

/** Unsaved rules are named by what they do, so recent allocations can be told apart. */
function labelOf(name: string, values: RuleInput): string {
  return (name.trim() || values.lines.map((line) => `${line.percent.trim()}% ${line.fund.trim()}`).join(" / ")).slice(
    0,
    200,
  );
}
