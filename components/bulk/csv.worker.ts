// Reads, groups and uploads a bulk allocation CSV off the main thread: a 100,000-line file is
// parsed (papaparse, streaming) and sent in parts of at most 5,000 lines while the page stays
// responsive. The page only receives progress and the result.
import { uploadParts, readCsv } from "@/lib/bulk/csv-read";

export type WorkerRequest = { file: File };
export type WorkerMessage =
  | { type: "progress"; phase: "reading" | "checking"; done: number; total: number }
  | { type: "error"; message: string }
  | { type: "draft"; draftId: string }
  | { type: "done"; draftId: string };

const scope = self as unknown as {
  postMessage(message: WorkerMessage): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

scope.onmessage = (event) => {
  upload(event.data.file).catch((error: unknown) =>
    scope.postMessage({
      type: "error",
      message: error instanceof Error ? error.message : "The file could not be uploaded. Please try again.",
    }),
  );
};

async function upload(file: File): Promise<void> {
  const read = await readCsv(file, (fraction) =>
    scope.postMessage({ type: "progress", phase: "reading", done: Math.round(fraction * 100), total: 100 }),
  );
  if (!read.ok) return scope.postMessage({ type: "error", message: read.error });

  const { id } = await post<{ id: string }>("/api/bulk", {
    source: "csv",
    label: file.name.slice(0, 200),
    columns: read.columns,
  });
  // The page learns the draft at once, so Cancel can remove it.
  scope.postMessage({ type: "draft", draftId: id });
  try {
    let done = 0;
    for (const part of uploadParts(read.groups)) {
      await post(`/api/bulk/${id}/items`, { groups: part });
      done += part.reduce((n, g) => n + g.rows.length, 0);
      scope.postMessage({ type: "progress", phase: "checking", done, total: read.rowCount });
    }
    await post(`/api/bulk/${id}/ready`, {});
  } catch (error) {
    // A half-checked upload is of no use: it goes, and the admin starts again.
    await fetch(`/api/bulk/${id}`, { method: "DELETE" }).catch(() => undefined);
    throw error;
  }
  scope.postMessage({ type: "done", draftId: id });
}

async function post<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error("Apportion could not be reached. Check your connection and try again. Nothing was sent.");
  }
  const payload = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new Error(payload?.error?.message ?? "The upload failed. Nothing was sent.");
  return payload as T;
}
