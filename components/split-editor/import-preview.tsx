"use client";

import { lazy, Suspense, useState } from "react";
import type { TransactionView } from "@/lib/transactions/read";
import type { EditorValues } from "./editor-model";

type Props = { transaction: TransactionView; values: EditorValues };

// The body needs zod and the row builder: loaded when the admin first opens the preview. React's
// lazy rather than next/dynamic, whose loader costs 2.5 kB of gzip; the body never renders on
// the server (the preview starts closed).
const PreviewBody = lazy(() => import("./import-preview-body").then((m) => ({ default: m.PreviewBody })));

/** The exact JSON the service will receive, built by the same function the server uses. */
export function ImportPreview({ transaction, values }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <details className="preview" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Preview the import the service will receive</summary>
      {open && (
        <Suspense fallback={<p className="muted">Building the preview…</p>}>
          <PreviewBody transaction={transaction} values={values} />
        </Suspense>
      )}
    </details>
  );
}
