// A large organization on demand (README, "A large organization"): gifts with a realistic spread
// of dates, donors, campaigns, funds and amounts, drawn from a seeded PRNG so that the same
// request always makes the same gifts, and later changes to some of them.
import { mulberry32, seedState } from "./prng";
import type { Organization, Transaction } from "./seed";

/** Bounds the work one request can ask for, and the memory of the emulator. */
export const MAX_GENERATED = 1_000_000;
export const MAX_CHANGED = 100_000;

const FIRST = [
  "Maria",
  "James",
  "Priya",
  "Tom",
  "Alex",
  "Fatima",
  "Sam",
  "Lena",
  "Wei",
  "Olu",
  "Ana",
  "Jonas",
  "Keiko",
  "Omar",
  "Grace",
  "Luca",
  "Nina",
  "Raj",
  "Sofia",
  "Ben",
  "Chloe",
  "Diego",
  "Elif",
  "Hana",
  "Ivan",
];
const LAST = [
  "Alvarez",
  "Okafor",
  "Raman",
  "Becker",
  "Chen",
  "Noor",
  "Whitaker",
  "Kowalski",
  "Zhang",
  "Adeyemi",
  "Silva",
  "Berg",
  "Tanaka",
  "Haddad",
  "Murphy",
  "Rossi",
  "Petrov",
  "Patel",
  "Garcia",
  "Cohen",
  "Dubois",
  "Ortiz",
  "Yilmaz",
  "Sato",
  "Novak",
  "Smith",
  "Nguyen",
  "Kim",
  "Larsen",
  "O'Brien",
];
/** Most gifts are round and small; a few are odd or large (cents). */
const AMOUNTS = [
  2500, 5000, 10000, 2500, 5000, 10000, 1000, 25000, 50000, 100000, 10001, 4200, 7550, 333, 12345, 500000,
];
const TYPES: Transaction["transaction_type"][] = ["credit", "credit", "credit", "check", "cash", "eft", "paypal"];
const DAY_MS = 86_400_000;

export function generateTransactions(
  org: Organization,
  options: { count: number; seed: number; years: number; nowMs: number; at?: string },
): number {
  let state = seedState(options.seed);
  const draw = () => {
    const next = mulberry32(state);
    state = next.state;
    return next.value;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(draw() * list.length)] as T;
  // Every gift ever made, deleted ones too: a deleted gift's id is never given again.
  const first = org.transactions.length + org.deletedIds.size;
  const spanMs = options.years * 365 * DAY_MS;
  // Gifts end a day before now: a gift dated in the future would be odd, and recent gifts would
  // look "changed just now" to the `changed` filter.
  const endMs = options.nowMs - DAY_MS;
  for (let i = 0; i < options.count; i++) {
    const n = first + i + 1;
    // Giving peaks in December: a fifth of the gifts fall in the last weeks of a year.
    let time = endMs - Math.floor(draw() * spanMs);
    if (draw() < 0.2) {
      const d = new Date(time);
      time = Math.min(endMs, Date.UTC(d.getUTCFullYear(), 11, 1 + Math.floor(draw() * 31), 12));
    }
    time -= time % 1000;
    time -= Math.floor(draw() * 3600) * 1000;
    // The draws above are made all the same: a seed gives the same donors, funds and amounts.
    if (options.at !== undefined) time = Date.parse(options.at);
    const campaign = pick(org.campaigns);
    const fund = pick(org.funds);
    const id = `9${org.id}${String(n).padStart(7, "0")}`;
    org.transactions.push({
      transaction_id: id,
      external_id: n % 3 === 0 ? null : `gen-${org.id}-${n}`,
      amount_in_cents: pick(AMOUNTS) + (draw() < 0.1 ? Math.floor(draw() * 100) : 0),
      currency: "USD",
      transaction_time: new Date(time).toISOString(),
      campaign: campaign.campaign,
      campaign_id: campaign.campaign_id,
      fund: fund.fund,
      fund_id: fund.fund_id,
      contact_name: `${pick(FIRST)} ${pick(LAST)}`,
      transaction_type: pick(TYPES),
      sync_version: ++org.syncVersion,
      changed_ms: time,
    });
  }
  return options.count;
}

/** Moves `count` distinct gifts (chosen by the seed) to another fund and donor name, as an edit
 *  at the service would; they get a new sync_version and `changed_ms` = now. Their ids. */
export function changeTransactions(
  org: Organization,
  options: { count: number; seed: number; nowMs: number },
): string[] {
  const ids: string[] = [];
  for (const index of chooseIndices(org.transactions.length, options.count, options.seed)) {
    const t = org.transactions[index];
    if (!t) continue;
    const fund = org.funds[(org.funds.findIndex((f) => f.fund_id === t.fund_id) + 1) % org.funds.length];
    if (fund) Object.assign(t, { fund: fund.fund, fund_id: fund.fund_id });
    t.contact_name = t.contact_name.endsWith(" (edited)") ? t.contact_name : `${t.contact_name} (edited)`;
    t.sync_version = ++org.syncVersion;
    t.changed_ms = options.nowMs;
    ids.push(t.transaction_id);
  }
  return ids;
}

/** `count` distinct indices below `total` (all of them when count ≥ total), drawn by the seed. */
export function chooseIndices(total: number, count: number, seed: number): number[] {
  let state = seedState(seed);
  const wanted = Math.min(count, total);
  const chosen = new Set<number>();
  while (chosen.size < wanted) {
    const next = mulberry32(state);
    state = next.state;
    chosen.add(Math.floor(next.value * total));
  }
  return [...chosen];
}
