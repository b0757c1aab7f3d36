// Imports (spec §4.2 operation 4; status, stats and listing from service-facts.md and the
// emulator's documented choice for the listing path, which the real service does not show).
import { z } from "zod";
import type { ImportBody } from "@/lib/imports/rows";
import { DEFAULT_RETRY, type RetryPolicy } from "./retry";
import { apiRequest, type ServiceTarget } from "./request";

const importId = z.union([z.number().int(), z.string().min(1)]).transform(String);

const createdSchema = z.looseObject({ id: importId, status: z.string().optional() });

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

/** Statuses after which an import changes no more (service-facts.md). */
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

export async function getImportNotifications(target: ServiceTarget, accessToken: string, id: string) {
  const listing = await apiRequest(target, {
    method: "GET",
    path: `/imports/list?import_id=${encodeURIComponent(id)}&per_page=1`,
    accessToken,
    schema: listingSchema,
    retry: DEFAULT_RETRY,
  });
  return listing.imports.find((record) => record.id === id)?.notifications ?? [];
}
