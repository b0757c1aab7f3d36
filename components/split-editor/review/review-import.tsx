import { buildImportRows, type ExistingSplit, importBody, matchByFor } from "@/lib/service/import-rows";
import type { EditorGift } from "@/lib/transactions/editor-data";
import { keepGiftCampaign } from "@/lib/splits/placement";
import { allocationSchema, type AllocationInput } from "@/lib/splits/schema";

/** The exact JSON the service will receive, built by the server's own functions: the one place
 *  where the service's field names appear on screen. */
export function ExactImport({ gift, allocation }: { gift: EditorGift; allocation: AllocationInput }) {
  const parsed = allocationSchema.safeParse(allocation);
  if (!parsed.success) return null;
  const existing = new Map<string, ExistingSplit>(gift.splits.map((s) => [s.splitId, s]));
  const rows = parsed.data.rows.map((row) => {
    const kept = keepGiftCampaign(row, gift);
    return kept.ok ? kept.row : row;
  });
  const body = importBody(
    matchByFor(gift),
    buildImportRows(gift, { rows, removedSplitIds: parsed.data.removedSplitIds }, existing, new Date()),
  );
  return (
    <details className="preview">
      <summary>Show exactly what is sent to the service</summary>
      <p className="small muted">
        POST /admin/oauth2/api/v1/imports
        {body.data.some((r) => r.deleted_at) ? " · deleted_at is the moment you send" : ""}
      </p>
      <pre tabIndex={0} aria-label="Import JSON">
        <code>{JSON.stringify(body, null, 2)}</code>
      </pre>
    </details>
  );
}
