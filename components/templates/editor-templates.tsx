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
import { lineFigures } from "@/lib/splits/editor-lines";
import { transactionRefFor } from "@/lib/splits/split-ids";
import { templateLinesFrom, linesFromTemplate } from "@/lib/templates/editor-lines";
import { type TemplateLine, templateLineSchema } from "@/lib/templates/schema";
import type { TemplateView } from "@/lib/templates/store";
import type { TransactionView } from "@/lib/transactions/read";

export default function EditorTemplates({ editor }: { editor: SplitEditorState }) {
  const { gift } = editor;
  const [templates, setTemplates] = useState<TemplateView[] | null>(null);
  const [chosen, setChosen] = useState("");
  const [other, setOther] = useState("");
  const [name, setName] = useState("");
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

  function applyChosen() {
    const template = templates?.find((t) => t.id === chosen);
    if (!template) return;
    const lines = template.lines.map((l) => templateLineSchema.parse(l));
    apply(lines, `Applied “${template.name}”`);
  }

  async function copyOther() {
    try {
      const source = await apiFetch<TransactionView>(`/api/transactions/${encodeURIComponent(other.trim())}`);
      if (source.splits.length === 0) {
        return setMessage({ tone: "danger", text: "That gift is not split: there is nothing to copy." });
      }
      const parts = source.splits.map((s) => ({
        cents: s.unitAmountCents * s.quantity,
        campaign: s.campaign ?? "",
        parentCampaign: s.parentCampaign ?? "",
        fund: s.fund,
      }));
      const lines = templateLinesFrom(parts, source.amountCents).map((l) => templateLineSchema.parse(l));
      apply(lines, `Copied the split of ${source.contactName ?? source.transactionId} as shares of this gift`);
    } catch (error) {
      fail(error);
    }
  }

  async function save() {
    const parts = editor.form.getValues("lines").map((l) => ({
      cents: lineFigures(l, gift.amountCents, gift.currency).lineCents ?? 0,
      campaign: l.campaign.name,
      parentCampaign: l.parent.name,
      fund: l.fund.name,
    }));
    try {
      const saved = await apiFetch<TemplateView>("/api/templates", {
        method: "POST",
        body: {
          name,
          lines: templateLinesFrom(parts, gift.amountCents),
          appliesTo: gift.campaign
            ? { kind: "campaign", value: gift.campaign }
            : { kind: "fund", value: gift.fund ?? "General" },
          autoSend: false,
        },
      });
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
        <Button variant="secondary" onClick={applyChosen} disabled={!chosen}>
          Apply
        </Button>
      </div>
      <div className="button-row">
        <Field id="copy-gift" label="Copy the split of another gift (its id)" className="field--grow">
          {(c) => <input {...c} value={other} onChange={(e) => setOther(e.target.value)} maxLength={100} />}
        </Field>
        <Button variant="secondary" onClick={() => void copyOther()} disabled={!other.trim()}>
          Copy
        </Button>
      </div>
      <div className="button-row">
        <Field id="save-template" label="Save these lines as a template, named" className="field--grow">
          {(c) => <input {...c} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />}
        </Field>
        <Button variant="secondary" onClick={() => void save()} disabled={!name.trim()}>
          Save as template
        </Button>
      </div>
    </section>
  );
}
