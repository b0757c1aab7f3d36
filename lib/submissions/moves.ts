// What a submission moved, in the admin's words: "$62.50 Food Purchasing → Operations". Read from
// the snapshot stored with each gift (SubmissionGift: its money per split before and after), so
// History says it even after the gift has left the copy. Pure and free of server code: the
// History pages, the settings card and the CSV export share it.
import "@/lib/zod-csp";
import { z } from "zod";
import { formatCents } from "@/lib/splits/money";
import type { PlacementField } from "@/lib/splits/split";
import { nullableTextFields } from "@/lib/splits/split-json";

/** The split's placement fields a snapshot keeps: the names History tells moves by (no ids). */
const SNAPSHOT_FIELDS = ["campaign", "parentCampaign", "fund"] as const satisfies readonly PlacementField[];

/** One split's money as a snapshot keeps it: a campaign (null: the service's default) and a fund
 *  (null: a gift whole that names none). */
export const snapshotHoldingSchema = z.object({
  amountCents: z.number().int(),
  ...nullableTextFields(SNAPSHOT_FIELDS),
});
export type SnapshotHolding = z.infer<typeof snapshotHoldingSchema>;
export const snapshotHoldingsSchema = z.array(snapshotHoldingSchema);

export type Move = {
  /** The money that left where it was (equal to what arrived elsewhere). */
  cents: number;
  /** What the move is told by: the funds when any fund changed, else the campaigns. */
  by: "fund" | "campaign" | null;
  from: string[];
  to: string[];
};

export const DEFAULT_CAMPAIGN = "Service default campaign";
export const NO_FUND = "no fund";

function net(
  before: readonly SnapshotHolding[],
  after: readonly SnapshotHolding[],
  name: (h: SnapshotHolding) => string,
) {
  const change = new Map<string, number>();
  for (const h of before) change.set(name(h), (change.get(name(h)) ?? 0) - h.amountCents);
  for (const h of after) change.set(name(h), (change.get(name(h)) ?? 0) + h.amountCents);
  const from = [...change].filter(([, c]) => c < 0).sort((a, b) => a[1] - b[1]);
  const to = [...change].filter(([, c]) => c > 0).sort((a, b) => b[1] - a[1]);
  return { cents: -from.reduce((n, [, c]) => n + c, 0), from: from.map(([k]) => k), to: to.map(([k]) => k) };
}

/** One gift's move: by fund when a fund's money changed, else by campaign; nothing moved: 0. */
export function moveOf(before: readonly SnapshotHolding[], after: readonly SnapshotHolding[]): Move {
  const funds = net(before, after, (h) => h.fund ?? NO_FUND);
  if (funds.cents > 0) return { ...funds, by: "fund" };
  const campaigns = net(before, after, (h) => h.campaign ?? DEFAULT_CAMPAIGN);
  if (campaigns.cents > 0) return { ...campaigns, by: "campaign" };
  return { cents: 0, by: null, from: [], to: [] };
}

const list = (names: string[]) =>
  names.length <= 2 ? names.join(" and ") : `${names[0]} and ${names.length - 1} more`;

/** "$62.50 Food Purchasing → Operations"; "Nothing moved between funds or campaigns" otherwise. */
export function describeMove(move: Move, currency: string): string {
  if (move.cents === 0) return "Nothing moved between funds or campaigns";
  return `${formatCents(move.cents, currency)} ${list(move.from)} → ${list(move.to)}`;
}

/** A submission of many gifts: "30 gifts · $4,445.27 moved" (amounts of one currency; the first gift's). */
export function describeMoves(moves: readonly { move: Move; currency: string }[], giftCount: number): string {
  const gifts = `${giftCount.toLocaleString("en-US")} gift${giftCount === 1 ? "" : "s"}`;
  if (moves.length === 0) return gifts;
  const currency = moves[0]?.currency ?? "USD";
  const cents = moves.reduce((n, m) => n + m.move.cents, 0);
  return `${gifts} · ${formatCents(cents, currency)} moved`;
}

/** One fund's (or campaign's) net change over a submission's gifts: + money arrived, − left. */
export type PlaceChange = { name: string; cents: number };

/** "+$4,445.27 Youth Nutrition" / "−$4,000.00 General" (a true minus sign, read as one). */
export function describeChange(change: PlaceChange, currency: string): string {
  return `${change.cents < 0 ? "\u2212" : "+"}${formatCents(Math.abs(change.cents), currency)} ${change.name}`;
}

/** A holding in words: "$62.50 Operations / Food Purchasing". */
export function describeHolding(h: SnapshotHolding, currency: string): string {
  return `${formatCents(h.amountCents, currency)} ${h.campaign ?? DEFAULT_CAMPAIGN} / ${h.fund ?? NO_FUND}`;
}
