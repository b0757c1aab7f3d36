// Reads, groups and uploads a bulk allocation CSV off the main thread: a 100,000-line file is
// parsed (papaparse, streaming) and sent in parts of at most 5,000 lines while the page stays
// responsive. The page only receives progress and the result.
import { ApiClientError, fetchContract } from "@/lib/api-client";
import { uploadParts, readCsv } from "@/lib/bulk/csv-read";
import type { draftCreate, draftDiscard, draftItems, draftReady } from "@/lib/contracts/bulk";

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
    scope.postMessage({ type: "error", message: uploadFailure(error) }),
  );
};

async function upload(file: File): Promise<void> {
  const read = await readCsv(file, (fraction) =>
    scope.postMessage({ type: "progress", phase: "reading", done: Math.round(fraction * 100), total: 100 }),
  );
  if (!read.ok) return scope.postMessage({ type: "error", message: read.error });

  const { id } = await fetchContract<typeof draftCreate>("/api/bulk", {
    method: "POST",
    body: { source: "csv", label: file.name.slice(0, 200), columns: read.columns },
  });
  // The page learns the draft at once, so Cancel can remove it.
  scope.postMessage({ type: "draft", draftId: id });
  try {
    let done = 0;
    for (const part of uploadParts(read.groups)) {
      await fetchContract<typeof draftItems>(`/api/bulk/${id}/items`, { method: "POST", body: { groups: part } });
      done += part.reduce((n, g) => n + g.rows.length, 0);
      scope.postMessage({ type: "progress", phase: "checking", done, total: read.rowCount });
    }
    await fetchContract<typeof draftReady>(`/api/bulk/${id}/ready`, { method: "POST" });
  } catch (error) {
    // A half-checked upload is of no use: it goes, and the admin starts again.
    await fetchContract<typeof draftDiscard>(`/api/bulk/${id}`, { method: "DELETE" }).catch(() => undefined);
    throw error;
  }
  scope.postMessage({ type: "done", draftId: id });
}

/** What the page shows when the upload stops: the server's own message (it says what to fix), or,
 *  when Apportion could not be reached or gave no reason, that nothing went to the service. */
function uploadFailure(error: unknown): string {
  if (error instanceof ApiClientError && error.code !== "network" && error.code !== "unknown") return error.message;
  const said = error instanceof Error ? error.message : "The file could not be uploaded. Please try again.";
  return `${said} Nothing was sent.`;
}
