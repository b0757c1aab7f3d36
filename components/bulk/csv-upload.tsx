"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useCsvCheck } from "./use-csv-check";

/** Picks a CSV and hands it to the worker, which reads, checks and stores it as a draft. */
export function CsvUpload() {
  const [file, setFile] = useState<File | null>(null);
  const { state, start, cancel, reset } = useCsvCheck();

  const working = state.step === "working";
  return (
    <section className="card" aria-labelledby="csv-title">
      <h2 id="csv-title">Upload a CSV</h2>
      <p className="muted small">
        One line per split: <code>transaction_id</code> (the service&apos;s id or your external id), <code>amount</code>{" "}
        (like 25.00), <code>fund</code>, and optionally <code>quantity</code>, <code>campaign</code>,{" "}
        <code>campaign_id</code>, <code>parent_campaign</code>, <code>parent_campaign_id</code>, <code>fund_id</code>. A
        gift&apos;s lines replace its current splits; a blank campaign keeps the gift&apos;s own.{" "}
        <a href="/bulk-sample.csv">Download a sample</a>.
      </p>
      <Field id="csv-file" label="CSV file" className="field--grow">
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".csv,text/csv"
            disabled={working}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              reset();
            }}
          />
        )}
      </Field>
      <div className="button-row">
        <Button onClick={() => start(file)} disabled={working}>
          Check file
        </Button>
        {working && (
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        )}
      </div>
      {working && (
        <div role="status" aria-live="polite">
          <p className="small">{state.label}…</p>
          <progress max={state.total} value={state.done} aria-label={state.label} />
        </div>
      )}
      {state.step === "failed" && <Notice tone="danger">{state.message}</Notice>}
    </section>
  );
}
