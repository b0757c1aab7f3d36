"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { WorkerMessage } from "./csv.worker";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

type State =
  | { step: "idle" }
  | { step: "working"; label: string; done: number; total: number }
  | { step: "failed"; message: string };

/** Picks a CSV and hands it to the worker, which reads, checks and stores it as a draft. */
export function CsvUpload() {
  const router = useRouter();
  const worker = useRef<Worker | null>(null);
  const draftId = useRef<string | null>(null);
  const [state, setState] = useState<State>({ step: "idle" });
  const [file, setFile] = useState<File | null>(null);

  useEffect(() => () => worker.current?.terminate(), []);

  function start() {
    if (!file) return setState({ step: "failed", message: "Choose a CSV file first." });
    worker.current?.terminate();
    const w = new Worker(new URL("./csv.worker.ts", import.meta.url), { type: "module" });
    worker.current = w;
    draftId.current = null;
    setState({ step: "working", label: "Reading the file", done: 0, total: 100 });
    w.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === "draft") {
        draftId.current = message.draftId;
      } else if (message.type === "progress") {
        setState({
          step: "working",
          label:
            message.phase === "reading"
              ? "Reading the file"
              : `Checking ${message.done.toLocaleString("en-US")} of ${message.total.toLocaleString("en-US")} lines`,
          done: message.done,
          total: message.total,
        });
      } else if (message.type === "error") {
        setState({ step: "failed", message: message.message });
        w.terminate();
      } else {
        w.terminate();
        router.push(`/bulk/${message.draftId}`);
      }
    };
    w.onerror = () => setState({ step: "failed", message: "The file could not be read in this browser." });
    w.postMessage({ file });
  }

  function cancel() {
    worker.current?.terminate();
    // A half-uploaded draft is of no use: it goes with the cancelled upload.
    if (draftId.current) void fetch(`/api/bulk/${draftId.current}`, { method: "DELETE" }).catch(() => undefined);
    draftId.current = null;
    setState({ step: "idle" });
  }

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
              setState({ step: "idle" });
            }}
          />
        )}
      </Field>
      <div className="button-row">
        <Button onClick={start} disabled={working}>
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
