// Imports (docs/service.md: "Split rows" for the call, "Imports" for status and stats, and the
// emulator's documented choice for the listing path, which the real service does not show).
import "server-only";
import { z } from "zod";
import type { ImportBody } from "./import-rows";
import { DEFAULT_RETRY, type RetryPolicy } from "./retry";
import { apiRequest, type ServiceTarget } from "./request";

const importId = z.union([z.number().int(), z.string().min(1)]).transform(String);

/** The create answer is not shown by the spec ({ id, status } in an unofficial client): an answer
 *  without an id still means the service accepted the import. */
const createdSchema = z
  .looseObject({ id: importId.optional(), status: z.string().optional() })
  .catch({ id: undefined, status: undefined });

const importRecordSchema = z.looseObject({
  id: importId,
  status: z.string(),
  rows_total: z.number().int().optional(),
  rows_imported: z.number().int().optional(),
  rows_dropped: z.number().int().optional(),
});
export type ImportRecord = z.infer<typeof importRecordSchema>;

const notificationSchema = z.looseObject({
  row: z.number().int().nonnegative().nullable().optional(),
  id: z.string().nullable().optional(),
  transaction_id: z.string().nullable().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type ImportNotification = z.infer<typeof notificationSchema>;

const listingSchema = z.object({
  imports: z.array(importRecordSchema.extend({ notifications: z.array(notificationSchema).optional() })),
});

/** The emulator's choice; a probe report or SERVICE_IMPORTS_LIST_PATH names the real one. */
export const DEFAULT_IMPORTS_LIST_PATH = "/imports/list";

/** Statuses after which an import changes no more (docs/service.md, "Imports"). */
const FINAL = new Set(["complete", "load_failed", "failed", "setup_failed", "error"]);
export function isFinalImportStatus(status: string): boolean {
  return FINAL.has(status.toLowerCase());
}
export function isSuccessfulImportStatus(status: string): boolean {
  return status.toLowerCase() === "complete";
}

/**
 * Not idempotent at the service. A retry after a lost answer can create a second import of the
 * same rows; because every row carries a stable split id, the service updates those splits
 * rather than adding new ones, so the data is imported once either way.
 */
export function createImport(
  target: ServiceTarget,
  accessToken: string,
  body: ImportBody,
  retry: RetryPolicy = DEFAULT_RETRY,
) {
  return apiRequest(target, { method: "POST", path: "/imports", accessToken, body, schema: createdSchema, retry });
}

export function getImport(target: ServiceTarget, accessToken: string, id: string) {
  return apiRequest(target, {
    method: "GET",
    path: `/imports/${encodeURIComponent(id)}`,
    accessToken,
    schema: importRecordSchema,
    retry: DEFAULT_RETRY,
  });
}

export async function getImportNotifications(
  target: ServiceTarget,
  accessToken: string,
  id: string,
): Promise<ImportNotification[] | null> {
  const listing = await apiRequest(target, {
    method: "GET",
    path: `${target.importsListPath ?? DEFAULT_IMPORTS_LIST_PATH}?import_id=${encodeURIComponent(id)}&per_page=1`,
    accessToken,
    schema: listingSchema,
    retry: DEFAULT_RETRY,
  });
  // Without this import's own notifications the outcome of its rows is unknown, not "none dropped".
  return listing.imports.find((record) => record.id === id)?.notifications ?? null;
}
