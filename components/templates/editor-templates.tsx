"use client";

// The editor's templates: "Apply template…", "Copy the split of another gift" and "Save as
// template". Loaded only when the admin opens it (split-editor.tsx), so the editor's first load
// does not carry it.
import Link from "next/link";
import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import type { SplitEditorState } from "@/components/split-editor/use-split-editor";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { ApiClientError } from "@/lib/api-client";
import { fetchTemplates } from "@/lib/hooks/template-calls";
import { transactionRefFor } from "@/lib/splits/split-ids";
import { linesFromTemplate } from "@/lib/templates/editor-lines";
import { type TemplateLine, templateLineSchema } from "@/lib/templates/schema";
import type { TemplateView } from "@/lib/templates/store";
import { lineFigures } from "@/lib/splits/editor-lines";
import { saveLinesAsTemplate, splitOfGift } from "./editor-template-calls";
import { CopySplitRow, restChoices, SaveTemplateRow } from "./editor-template-rows";

export default function EditorTemplates({ editor }: { editor: SplitEditorState }) {
  const { gift } = editor;
  // The lines as they are now: the choice of the line taking the rest follows them.
  const lines = useWatch({ control: editor.form.control, name: "lines" });
  const [templates, setTemplates] = useState<TemplateView[] | null>(null);
  const [message, setMessage] = useState<{ tone: "ok" | "danger"; text: string; link?: string } | null>(null);

  useEffect(() => {
    fetchTemplates()
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
      const copied = await splitOfGift(other);
      if (!copied.ok) return setMessage({ tone: "danger", text: copied.error });
      apply(copied.lines, copied.what);
    } catch (error) {
      fail(error);
    }
  }

  async function save(name: string, restSplitId: string) {
    try {
      const saved = await saveLinesAsTemplate(editor, name, restSplitId);
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
      <CopySplitRow exclude={gift.transactionId} onCopy={(id) => void copyOther(id)} />
      <SaveTemplateRow
        choices={restChoices(
          lines,
          lines.map((l) => lineFigures(l, gift.amountCents, gift.currency).lineCents),
          gift.currency,
        )}
        initialRest={editor.remainderSplitId()}
        onSave={(name, rest) => void save(name, rest)}
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
