"use client";

// The editor's templates: "Apply template…", "Copy the split of another gift" and "Save as
// template". Loaded only when the admin opens it (split-editor.tsx), so the editor's first load
// does not carry it.
import Link from "next/link";
import { useEffect, useState } from "react";
import type { SplitEditorState } from "@/components/split-editor/use-split-editor";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { ApiClientError, apiFetch } from "@/lib/api-client";
import { transactionRefFor } from "@/lib/splits/split-ids";
import { linesFromTemplate } from "@/lib/templates/editor-lines";
import { type TemplateLine, templateLineSchema } from "@/lib/templates/schema";
import type { TemplateView } from "@/lib/templates/store";
import { saveLinesAsTemplate, splitOfGift } from "./editor-template-calls";

export default function EditorTemplates({ editor }: { editor: SplitEditorState }) {
  const { gift } = editor;
  const [templates, setTemplates] = useState<TemplateView[] | null>(null);
  const [message, setMessage] = useState<{ tone: "ok" | "danger"; text: string; link?: string } | null>(null);

  useEffect(() => {
    apiFetch<TemplateView[]>("/api/templates")
      .then(setTemplates)
      .catch(() => setMessage({ tone: "danger", text: "The templates could not be loaded." }));
  }, []);

  const fail = (error: unknown) =>
    setMessage({ tone: "danger", text: error instanceof ApiClientError ? error.message : "Something went wrong." });

  /** Puts `template`'s lines for this gift in the editor (removing splits it no longer keeps). */
  function apply(template: readonly TemplateLine[], what: string) {
    const current = editor.form.getValues("lines");
    const removedBefore = editor.form.getValues("removedSplitIds");
    const result = linesFromTemplate(
      template,
      { totalCents: gift.amountCents, ref: transactionRefFor(gift), home: gift.home },
      current.map((l) => l.splitId),
      [...editor.takenSplitIds, ...removedBefore],
      { campaigns: editor.campaigns, funds: editor.funds },
    );
    if (!result.ok) return setMessage({ tone: "danger", text: result.error });
    const ofGift = new Set(gift.splits.map((s) => s.splitId));
    editor.lines.replace(result.lines);
    editor.form.setValue("removedSplitIds", [...removedBefore, ...result.removed.filter((id) => ofGift.has(id))], {
      shouldDirty: true,
    });
    setMessage({ tone: "ok", text: `${what}: check the lines, then Review.` });
  }

  function applyChosen(chosen: string) {
    const template = templates?.find((t) => t.id === chosen);
    if (!template) return;
    const lines = template.lines.map((l) => templateLineSchema.parse(l));
    apply(lines, `Applied “${template.name}”`);
  }

  async function copyOther(other: string) {
    try {
      const copied = await splitOfGift(other.trim());
      if (!copied.ok) return setMessage({ tone: "danger", text: copied.error });
      apply(copied.lines, copied.what);
    } catch (error) {
      fail(error);
    }
  }

  async function save(name: string) {
    try {
      const saved = await saveLinesAsTemplate(editor, name);
      setTemplates((list) => [...(list ?? []), saved]);
      setMessage({ tone: "ok", text: `Saved “${saved.name}” as shares of a gift.`, link: `/templates/${saved.id}` });
    } catch (error) {
      fail(error);
    }
  }

  return (
    <section className="card editor-templates" aria-labelledby="editor-templates-title">
      <h2 id="editor-templates-title">Templates</h2>
      {message && (
        <Notice tone={message.tone}>
          {message.text} {message.link && <Link href={message.link}>Edit what it applies to</Link>}
        </Notice>
      )}
      <ApplyTemplateRow templates={templates} onApply={applyChosen} />
      <TextActionRow
        id="copy-gift"
        label="Copy the split of another gift (its id)"
        maxLength={100}
        action="Copy"
        onAct={(v) => void copyOther(v)}
      />
      <TextActionRow
        id="save-template"
        label="Save these lines as a template, named"
        maxLength={80}
        action="Save as template"
        onAct={(v) => void save(v)}
      />
    </section>
  );
}

/** "Apply template": a list of the organization's templates (loading until they come) and Apply. */
function ApplyTemplateRow({ templates, onApply }: { templates: TemplateView[] | null; onApply: (id: string) => void }) {
  const [chosen, setChosen] = useState("");
  return (
    <div className="button-row">
      <Field id="apply-template" label="Apply template" className="field--grow">
        {(c) => (
          <select {...c} value={chosen} onChange={(e) => setChosen(e.target.value)} disabled={templates === null}>
            <option value="">{templates === null ? "Loading…" : "Choose a template"}</option>
            {templates?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button variant="secondary" onClick={() => onApply(chosen)} disabled={!chosen}>
        Apply
      </Button>
    </div>
  );
}

/** A text box and its button (off while the box is blank): the gift to copy, the name to save as. */
function TextActionRow(props: {
  id: string;
  label: string;
  maxLength: number;
  action: string;
  onAct: (value: string) => void;
}) {
  const [value, setValue] = useState("");
  return (
    <div className="button-row">
      <Field id={props.id} label={props.label} className="field--grow">
        {(c) => <input {...c} value={value} onChange={(e) => setValue(e.target.value)} maxLength={props.maxLength} />}
      </Field>
      <Button variant="secondary" onClick={() => props.onAct(value)} disabled={!value.trim()}>
        {props.action}
      </Button>
    </div>
  );
}
