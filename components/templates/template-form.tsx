"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { ApiClientError } from "@/lib/api-client";
import { saveTemplate } from "@/lib/hooks/template-calls";
import { flattenErrors, templateFieldLabel } from "@/lib/templates/field-labels";
import { type Template, type TemplateInput, templateSchema } from "@/lib/templates/schema";
import { namePickerFor } from "./template-name-field";
import { TemplateLines } from "./template-lines";

type Names = { campaigns: string[]; funds: string[] };

export const EMPTY_TEMPLATE: TemplateInput = {
  name: "",
  appliesTo: { kind: "campaign", value: "" },
  lines: [
    { kind: "percent", figure: "50", fund: "", campaign: "" },
    { kind: "remainder", figure: "", fund: "General", campaign: "" },
  ],
  autoSend: false,
};

const APPLIES = [
  { value: "campaign", label: "Gifts of a campaign", hint: "The campaign's name" },
  { value: "fund", label: "Gifts of a fund", hint: "The fund's name" },
  { value: "above", label: "Gifts above an amount", hint: "An amount, like 100.00" },
  { value: "below", label: "Gifts below an amount", hint: "An amount, like 100.00" },
  { value: "donor", label: "Gifts of a donor", hint: "The donor's name, as the service has it" },
] as const;

const APPLIES_LABEL = { campaign: "The campaign's name", fund: "The fund's name" } as const;

/** Creates or edits a template: its lines, what it applies to, and whether it sends by itself. */
export function TemplateForm({ id, initial, names }: { id?: string; initial: TemplateInput; names: Names }) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<TemplateInput, unknown, Template>({
    resolver: zodResolver(templateSchema),
    defaultValues: initial,
  });
  const { control, register, handleSubmit, formState } = form;
  const lines = useFieldArray({ control, name: "lines" });
  const kind = useWatch({ control, name: "appliesTo.kind" });
  const kinds = useWatch({ control, name: "lines" }).map((line) => line.kind);
  const errors = formState.errors;

  const picker = namePickerFor(form, names);

  const onSubmit = handleSubmit(async () => {
    setMessage(null);
    try {
      // The typed text travels, not the parsed values: the server reads it with the same schema.
      await saveTemplate(id, form.getValues());
      router.push("/templates");
      router.refresh();
    } catch (error) {
      if (!(error instanceof ApiClientError)) return setMessage("Something went wrong.");
      // The server's checks (known ids, a name taken…) land on the fields they name.
      const fields = Object.entries(error.fields);
      for (const [path, messages] of fields) {
        form.setError(path as Parameters<typeof form.setError>[0], { type: "server", message: messages[0] ?? "" });
      }
      setMessage(fields.length > 0 ? null : error.message);
    }
  });
  const problems = formState.submitCount > 0 ? flattenErrors(errors) : [];

  return (
    // A new template's page is titled "New template" already: a second heading saying so again
    // only pushed the form down on a phone. Editing, the page is titled by the template's name.
    <form
      className="card"
      onSubmit={onSubmit}
      noValidate
      {...(id ? { "aria-labelledby": "template-form-title" } : { "aria-label": "New template" })}
    >
      {id && <h2 id="template-form-title">Edit the template</h2>}
      {message && <Notice tone="danger">{message}</Notice>}
      {problems.length > 0 && (
        <Notice tone="danger">
          <p>Not saved: check {problems.length === 1 ? "this field" : "these fields"}.</p>
          <ul>
            {problems.map((p) => (
              <li key={p.path}>
                <a href={`#${fieldIdOf(p.path)}`}>{templateFieldLabel(p.path, kinds)}</a>: {p.message}
              </li>
            ))}
          </ul>
        </Notice>
      )}
      <Field id="template-name" label="Name" error={errors.name?.message}>
        {(c) => <input {...c} {...register("name")} maxLength={80} />}
      </Field>
      <TemplateLines lines={lines} kinds={kinds} register={register} errors={errors} picker={picker} />
      <div className="button-row">
        <Field id="applies-kind" label="Applies to">
          {(c) => (
            <select {...c} {...register("appliesTo.kind")}>
              {APPLIES.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="applies-value"
          label={APPLIES.find((a) => a.value === kind)?.hint ?? "Which"}
          error={errors.appliesTo?.value?.message}
          className="field--grow"
        >
          {kind === "campaign" || kind === "fund"
            ? picker("appliesTo.value", kind === "fund" ? "fund" : "named", APPLIES_LABEL[kind])
            : (c) => <input {...c} {...register("appliesTo.value")} />}
        </Field>
      </div>
      <label className="checkbox checkbox--large">
        <input type="checkbox" {...register("autoSend")} /> Send automatically: new gifts it applies to are sent without
        a click, then checked at the service
      </label>
      <p className="small muted">
        Never automatically: a gift already split at the service, a gift two templates apply to, or a template naming a
        campaign or fund the service does not have yet. Those wait in the inbox for you.
      </p>
      <div className="button-row">
        <Button type="submit" disabled={formState.isSubmitting}>
          {id ? "Save changes" : "Save template"}
        </Button>
      </div>
    </form>
  );
}

/** The id of the control a field's error belongs to (the lines' ids: template-lines.tsx). */
function fieldIdOf(path: string): string {
  if (path === "name") return "template-name";
  if (path.startsWith("appliesTo")) return "applies-value";
  const line = /^lines\.(\d+)\.(\w+)$/.exec(path);
  if (!line) return "template-name";
  const field = line[2] ?? "";
  const part: Record<string, string> = {
    parentCampaign: "parent",
    parentCampaignId: "parent",
    campaignId: "campaign",
    fundId: "fund",
  };
  return `line-${line[1]}-${part[field] ?? field}`;
}
