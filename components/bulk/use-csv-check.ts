"use client";

// The CSV check's life in the browser, apart from CsvUpload so that one reads as the form: a
// worker (csv.worker.ts) reads, checks and stores the file as a draft, reporting its progress;
// when it is done the page moves to the draft.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { fetchContract } from "@/lib/api-client";
import type { draftDiscard } from "@/lib/contracts/bulk";
import type { WorkerMessage } from "./csv.worker";

export type CsvCheckState =
  | { step: "idle" }
  | { step: "working"; label: string; done: number; total: number }
  | { step: "failed"; message: string };

export function useCsvCheck() {
  const router = useRouter();
  const worker = useRef<Worker | null>(null);
  const draftId = useRef<string | null>(null);
  const [state, setState] = useState<CsvCheckState>({ step: "idle" });

  useEffect(() => () => worker.current?.terminate(), []);

  function start(file: File | null) {
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
    if (draftId.current)
      void fetchContract<typeof draftDiscard>(`/api/bulk/${draftId.current}`, { method: "DELETE" }).catch(
        () => undefined,
      );
    draftId.current = null;
    setState({ step: "idle" });
  }

  const reset = () => setState({ step: "idle" });
  return { state, start, cancel, reset };
}
