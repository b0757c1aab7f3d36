// The probe's one write (step 6): one split on the gift the partner names, in that gift's own
// campaign and fund (named explicitly, so the service never creates a campaign named after the
// application), only after confirmation, and its reverse offered after.
import { findGift, type Json, runImport } from "./answers";
import type { Probe } from "./context";

/** The facts' status values of one import. */
export const DOCUMENTED_STATUSES = [
  "Ready",
  "Scheduled",
  "Pending",
  "Working",
  "Complete",
  "Load_failed",
  "Failed",
  "Setup_failed",
  "Error",
];

const nonEmpty = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** Returns the id of the import made, or null when nothing was written. */
export async function writeOneSplit(probe: Probe, transactions: Json[]): Promise<string | null> {
  const { options } = probe;
  const notChecked = (why: string) => {
    probe.line("one-split import", "not checked", why);
    probe.line("import status values", "not checked", "no import was made");
    return null;
  };
  if (options.gift === undefined || options.gift === "") return notChecked("no gift named (--gift)");
  const gift = await findGift(probe.api, options.gift, transactions);
  if (gift === null) return notChecked(`gift ${options.gift} not found in the transactions query`);
  if (!nonEmpty(gift.campaign)) {
    return notChecked(`gift ${options.gift} has no campaign: a split without one would create a campaign`);
  }
  const id = String(gift.id ?? gift.transaction_id);
  const amount = Number(gift.amount_in_cents);
  const byExternal = nonEmpty(gift.external_id);
  const fund = nonEmpty(gift.fund) ? gift.fund : "General";
  const splitId = `${id}:probe`;
  const rows = (extra: Json = {}) => ({
    data_format: "split_transaction",
    action_type: "create",
    ...(byExternal ? {} : { match_by: { transaction: "transaction_id" } }),
    data_type: "json",
    data: [
      {
        id: splitId,
        transaction_id: byExternal ? gift.external_id : id,
        unit_amount_in_cents: amount,
        quantity: 1,
        campaign: gift.campaign,
        ...(nonEmpty(gift.campaign_id) ? { campaign_id: gift.campaign_id } : {}),
        fund,
        ...(nonEmpty(gift.fund_id) ? { fund_id: gift.fund_id } : {}),
        ...extra,
      },
    ],
  });
  const where = `campaign "${gift.campaign}", fund "${fund}"`;
  if (!(await options.confirm(`Write one split (${amount} cents, ${where}, id ${splitId}) on gift ${id}?`))) {
    return notChecked("not confirmed: nothing was written");
  }
  const timeout = options.importTimeoutMs ?? 60_000;
  const outcome = await runImport(probe.api, rows(), timeout);
  if (outcome.problem !== null) probe.line("one-split import", "differs", outcome.problem);
  else {
    const ended = outcome.statuses.at(-1);
    probe.line("one-split import", "holds", `import ${outcome.id} answered ${outcome.createStatus}, ended ${ended}`);
  }
  const unknown = outcome.statuses.filter((s) => !DOCUMENTED_STATUSES.includes(s));
  if (outcome.statuses.length === 0) probe.line("import status values", "not checked", "no status was read");
  else if (unknown.length === 0) probe.line("import status values", "holds", `seen: ${outcome.statuses.join(", ")}`);
  else probe.line("import status values", "differs", `undocumented: ${[...new Set(unknown)].join(", ")}`);
  if (outcome.id !== null && (await options.confirm(`Reverse it (soft-delete split ${splitId})?`))) {
    const reverse = await runImport(probe.api, rows({ deleted_at: Math.floor(Date.now() / 1000) }), timeout);
    probe.line(
      "reverse of the split",
      reverse.problem === null ? "holds" : "differs",
      reverse.problem ?? `import ${reverse.id}`,
    );
  }
  return outcome.id;
}
