// A gift split at the service outside Apportion: an import the app never sent (no submission, no
// record of it in the app), as another integration or the service's own screens would make one.
// Rows may leave out their id, which Apportion never does. Sent with the connection's grant over
// plain HTTP, because the emulator registers one application; what matters to the app is only
// that the split is at the service and not in anything it sent.
import type { splitJson } from "@/emulator/imports/model";
import type { RunningEmulator } from "@/emulator/server";
import { withServiceAccess } from "@/lib/connections/service-access";
import { vi } from "vitest";

export type OutsideRow = {
  id?: string;
  /** The service's transaction id (the import matches by transaction_id). */
  transaction_id: string;
  unit_amount_in_cents: number;
  quantity?: number;
  campaign?: string;
  fund: string;
  deleted_at?: string;
};

/** Imports the rows and waits until the emulator has applied them; throws when a row was dropped. */
export async function splitOutsideApportion(
  emulator: Pick<RunningEmulator, "url">,
  connectionId: string,
  rows: OutsideRow[],
): Promise<void> {
  const created = await withServiceAccess(connectionId, async (token, target) => {
    const response = await fetch(`${target.baseUrl}/admin/oauth2/api/v1/imports`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        data_format: "split_transaction",
        action_type: "create",
        match_by: { transaction: "transaction_id" },
        data_type: "json",
        data: rows,
      }),
    });
    if (response.status !== 200) throw new Error(`the outside import was refused: ${response.status}`);
    return (await response.json()) as { id: number };
  });
  const done = await vi.waitFor(
    async () => {
      const view = await fetch(`${emulator.url}/__emulator/organizations/1001/imports`);
      const { imports } = (await view.json()) as {
        imports: { id: number; completed_at: string | null; rows_dropped: number; notifications: unknown[] }[];
      };
      const found = imports.find((i) => i.id === created.id && i.completed_at !== null);
      if (!found) throw new Error("the outside import was not processed");
      return found;
    },
    // About what the two hundred tries of 10 ms and a local request each used to allow.
    { timeout: 3_000, interval: 10 },
  );
  if (done.rows_dropped > 0) throw new Error(`the outside import dropped rows: ${JSON.stringify(done.notifications)}`);
}

/** A split as the emulator's test view shows it: the fields of its own model the tests compare. */
export type EmulatorSplit = Pick<
  ReturnType<typeof splitJson>,
  "id" | "transaction_id" | "unit_amount_in_cents" | "quantity" | "campaign" | "campaign_id" | "fund" | "deleted_at"
>;

/** Every split the emulator holds for Riverside (its test view, not the query the sync reads). */
export async function emulatorSplits(emulator: Pick<RunningEmulator, "url">): Promise<EmulatorSplit[]> {
  const answer = await fetch(`${emulator.url}/__emulator/organizations/1001/splits`);
  return ((await answer.json()) as { splits: EmulatorSplit[] }).splits;
}
