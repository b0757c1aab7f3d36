"use client";

import { Button } from "@/components/ui/button";
import { formatCents, formatShare } from "@/lib/splits/money";
import { useSummary } from "./editor-summary";
import { editorStatus } from "./editor-status";
import { quantityNote } from "./quantity-text";
import type { SplitEditorState } from "./use-split-editor";

const FIELD_WORDS: Record<string, string> = { percent: "percentage", parent: "parent campaign" };

/**
 * Stays at the bottom of the screen: what remains to allocate (live, as the admin types), the one
 * reason Review is not available yet, and Review itself.
 */
export function EditorBar({ editor, onReview }: { editor: SplitEditorState; onReview: () => void }) {
  const { gift } = editor;
  const summary = useSummary(editor.summary, (s) => s);
  const status = editorStatus(summary, {
    currency: gift.currency,
    stale: editor.stale !== null,
    inFlight: editor.inFlight,
    sending: editor.sending,
  });
  const first = summary.problems[0];

  function showProblems() {
    editor.setShowAll(true);
    if (first) document.getElementById(`${first.field}-${first.index}`)?.focus();
  }

  const gap = summary.remainingCents;
  const percent = Math.min(100, Math.max(0, Math.round(((gift.amountCents - gap) / gift.amountCents) * 100)));
  return (
    <div className={`editor-bar editor-bar--${gap === 0 ? "ok" : gap > 0 ? "warn" : "danger"}`}>
      <div className="editor-bar__figures">
        <p className="editor-bar__remaining" data-testid="remaining" aria-live="polite">
          {gap === 0
            ? "Fully allocated"
            : gap > 0
              ? `Remaining ${formatCents(gap, gift.currency)}`
              : `Over by ${formatCents(-gap, gift.currency)}`}
        </p>
        <p className="small muted">
          {formatCents(gift.amountCents - gap, gift.currency)} of {formatCents(gift.amountCents, gift.currency)}{" "}
          allocated ({formatShare(gift.amountCents - gap, gift.amountCents)}%)
        </p>
        {summary.multiplied && (
          <p className="small" data-testid="quantity-note">
            {quantityNote(summary.multiplied, gift.currency)}
          </p>
        )}
        <div className="editor-bar__meter" aria-hidden="true">
          <span style={{ width: `${percent}%` }} />
        </div>
      </div>
      <div className="editor-bar__status">
        <p id="editor-status" role="status" className={status.ready ? "is-ready" : undefined}>
          {status.text}
          {first && !status.blocked && (
            <>
              {" "}
              (line {first.index + 1}, {FIELD_WORDS[first.field] ?? first.field}: {first.message}){" "}
              <Button variant="link" onClick={showProblems}>
                Show me
              </Button>
            </>
          )}
        </p>
        {editor.busy && (
          <p className="small" role="status" aria-busy="true" data-testid="editor-busy">
            Working…
          </p>
        )}
        {editor.message && (
          <p className="small muted" role="status" key={editor.message.at}>
            {editor.message.text}
          </p>
        )}
      </div>
      <Button
        onClick={onReview}
        disabled={!status.ready || editor.busy}
        aria-busy={editor.busy || undefined}
        aria-describedby="editor-status"
        id="review-button"
      >
        Review changes
      </Button>
    </div>
  );
}
