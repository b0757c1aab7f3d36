// Helpers for the import and query tests: submit over HTTP, poll until processed, read the
// emulator's test views.
import { expect, vi } from "vitest";
import type { Split } from "@/emulator/imports/model";
import type { RunningEmulator } from "@/emulator/server";
import { callApi } from "./helpers";

export type SplitRowInput = Record<string, unknown>;

export type ImportRecord = {
  id: number;
  status: string;
  data_format: string;
  action_type: string;
  match_by: string;
  rows_total: number;
  rows_imported: number;
  rows_dropped: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
};

export type Notification = {
  import_id: number;
  row: number;
  id: string | null;
  transaction_id: string | null;
  code: string;
  message: string;
};

export type ImportWithNotifications = ImportRecord & { notifications: Notification[] };

/** A split as the test view shows it: the stored split without the application's client id. */
export type SplitView = Omit<Split, "client_id">;

export function importBody(data: unknown, matchBy?: "id" | "transaction_id"): Record<string, unknown> {
  return {
    data_format: "split_transaction",
    action_type: "create",
    ...(matchBy === undefined ? {} : { match_by: { transaction: matchBy } }),
    data_type: "json",
    data,
  };
}

export function postImport(emu: RunningEmulator, token: string, body: unknown) {
  return callApi(emu, token, "/imports", { method: "POST", body: JSON.stringify(body) });
}

/** Submits an import that must be accepted; returns its id. */
export async function submit(
  emu: RunningEmulator,
  token: string,
  rows: SplitRowInput[],
  matchBy?: "id" | "transaction_id",
): Promise<number> {
  const response = await postImport(emu, token, importBody(rows, matchBy));
  expect(response.status).toBe(200);
  const body = (await response.json()) as { id: number; status: string };
  expect(body.status).toBe("pending");
  return body.id;
}

export async function getImport(emu: RunningEmulator, token: string, id: number): Promise<ImportRecord> {
  const response = await callApi(emu, token, `/imports/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ImportRecord;
}

/** Polls GET /imports/{id} until Complete; fails after `timeoutMs`. */
export async function waitForImport(
  emu: RunningEmulator,
  token: string,
  id: number,
  timeoutMs = 3000,
): Promise<ImportRecord> {
  return vi.waitFor(
    async () => {
      const record = await getImport(emu, token, id);
      expect(record.status, `import ${id}`).toBe("Complete");
      return record;
    },
    { timeout: timeoutMs, interval: 10 },
  );
}

/** Submits, waits for completion and returns the import with its notifications. */
export async function runImport(
  emu: RunningEmulator,
  token: string,
  rows: SplitRowInput[],
  matchBy?: "id" | "transaction_id",
): Promise<ImportWithNotifications> {
  const id = await submit(emu, token, rows, matchBy);
  await waitForImport(emu, token, id);
  const response = await callApi(emu, token, `/imports/list?import_id=${id}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { imports: ImportWithNotifications[] };
  const record = body.imports[0];
  if (record === undefined) throw new Error(`import ${id} is not in the listing`);
  return record;
}

export async function splitsOf(emu: RunningEmulator, organizationId: number): Promise<SplitView[]> {
  const response = await fetch(`${emu.url}/__emulator/organizations/${organizationId}/splits`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { splits: SplitView[] }).splits;
}

export async function activeSplitsOf(
  emu: RunningEmulator,
  organizationId: number,
  transactionId: string,
): Promise<SplitView[]> {
  return (await splitsOf(emu, organizationId)).filter(
    (split) => split.transaction_id === transactionId && split.deleted_at === null,
  );
}

/** A split row with the defaults most tests need. */
export function row(transactionId: string, amount: number | string, extra: SplitRowInput = {}): SplitRowInput {
  return { transaction_id: transactionId, unit_amount_in_cents: amount, fund: "General", ...extra };
}
