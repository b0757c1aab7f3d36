// The split editor's lines: what the admin typed, kept as text so nothing is lost, and the
// figures read from it. Pure functions, shared by the editor's table, its footer, its review
// and the tests. The money a line counts is always its amount field; the percentage is either
// typed (`source: "percent"`, and the amount follows it) or shown from the amount (shareText).
import { type AmountReading, expressionsReady, readAmount } from "./amount-text";
import { formatCents, formatShare, parseQuantity, parseShare, percentOf } from "./money";
import type { Split } from "./split";

/**
 * A campaign, parent campaign or fund on a line. `known`: a name the organization uses (its id
 * comes with it); `new`: a name the admin chose to create; `unresolved`: typed but not chosen
 * (never sent); `default`: the service's default campaign, chosen explicitly; `none`: empty.
 */
export type NameChoice = { name: string; id: string; status: "known" | "new" | "unresolved" | "default" | "none" };

export type EditorLine = {
  splitId: string;
  amount: string;
  /** The percentage as typed; it counts only while `source` is "percent". */
  percent: string;
  /** Which of the two fields the admin typed last: the other one follows it. */
  source: "amount" | "percent";
  quantity: string;
  campaign: NameChoice;
  parent: NameChoice;
  fund: NameChoice;
};

export type EditorValues = { lines: EditorLine[]; removedSplitIds: string[] };

/** A split the gift holds now, as the editor starts from it: the one split (split.ts). */
export type SplitFacts = Split;

export const NO_NAME: NameChoice = { name: "", id: "", status: "none" };

export const DEFAULT_CAMPAIGN: NameChoice = { name: "", id: "", status: "default" };

export type LineProblems = Partial<Record<"amount" | "percent" | "quantity" | "campaign" | "parent" | "fund", string>>;

export type LineFigures = {
  /** Unit amount and amount × quantity, when the line reads. */
  unitCents: number | null;
  lineCents: number | null;
  reading: AmountReading | null;
  problems: LineProblems;
};

// The footer reads all lines on every keystroke and 99 of them did not change: their figures come
// from here, held per line object (the form changes a line's fields in place) and checked against
// the fields they were read from. Results are shared, so they are never mutated.
type Cached = { from: readonly unknown[]; figures: LineFigures };
const cache = new WeakMap<EditorLine, Cached>();

function readFrom(line: EditorLine, totalCents: number, currency: string): unknown[] {
  const { campaign, parent, fund } = line;
  return [
    totalCents,
    currency,
    expressionsReady(),
    line.source,
    line.amount,
    line.percent,
    line.quantity,
    campaign.status,
    campaign.name,
    parent.status,
    parent.name,
    fund.status,
    fund.name,
  ];
}

/** Everything the table, the footer and the review need to know about one line. */
export function lineFigures(line: EditorLine, totalCents: number, currency: string): LineFigures {
  const from = readFrom(line, totalCents, currency);
  const known = cache.get(line);
  if (known && known.from.every((value, i) => value === from[i])) return known.figures;
  const figures = computeFigures(line, totalCents, currency);
  cache.set(line, { from, figures });
  return figures;
}

/** What the percentage field shows: the typed percentage, or the line's share of the gift. */
export function shareText(line: EditorLine, lineCents: number | null, totalCents: number): string {
  if (line.source === "percent") return line.percent;
  return lineCents === null ? "" : formatShare(lineCents, totalCents);
}

function computeFigures(line: EditorLine, totalCents: number, currency: string): LineFigures {
  const problems: LineProblems = {};
  const quantity = parseQuantity(line.quantity);
  if (!quantity.ok) problems.quantity = quantity.error;
  const read = readAmount(line.amount, totalCents);
  let unitCents: number | null = null;
  let reading: AmountReading | null = null;
  if (!read.ok) {
    if (line.source === "percent") problems.percent = percentProblem(line, totalCents, currency, quantity);
    else problems.amount = read.error;
  } else if (quantity.ok) {
    reading = read.value;
    // A share of the gift ("25%") is the whole line's; a plain amount is one unit's.
    if (read.value.kind !== "percent") unitCents = read.value.cents;
    else if (read.value.cents % quantity.value === 0) unitCents = read.value.cents / quantity.value;
    else {
      problems[line.source === "percent" ? "percent" : "amount"] =
        `That is ${formatCents(read.value.cents, currency)}, which ${quantity.value} units cannot share in whole cents.`;
    }
  }
  Object.assign(problems, nameProblems(line));
  const lineCents = unitCents !== null && quantity.ok ? unitCents * quantity.value : null;
  return { unitCents, lineCents, reading, problems };
}

/** Why a typed percentage left the amount empty (percent-handlers.ts writes the amount). */
function percentProblem(
  line: EditorLine,
  totalCents: number,
  currency: string,
  quantity: ReturnType<typeof parseQuantity>,
): string {
  const share = parseShare(line.percent);
  if (!share.ok) return share.error;
  const cents = percentOf(totalCents, share.value);
  if (cents === 0) return "That share is less than one cent.";
  if (quantity.ok && cents % quantity.value !== 0) {
    return `That is ${formatCents(cents, currency)}, which ${quantity.value} units cannot share in whole cents.`;
  }
  return "Enter a percentage.";
}

function nameProblems(line: EditorLine): LineProblems {
  const problems: LineProblems = {};
  const unresolved = (what: string, choice: NameChoice) =>
    `“${choice.name.trim()}” is not a ${what} yet. Choose a ${what} from the list, or choose “Create new ${what}”.`;
  if (line.campaign.status === "none") problems.campaign = "Choose a campaign.";
  if (line.campaign.status === "unresolved") problems.campaign = unresolved("campaign", line.campaign);
  if (line.parent.status === "unresolved") problems.parent = unresolved("campaign", line.parent);
  if (line.parent.status !== "none" && line.campaign.status === "default") {
    problems.parent = "The service's default campaign cannot have a parent campaign.";
  }
  if (line.fund.status === "none") problems.fund = "Choose a fund.";
  if (line.fund.status === "unresolved") problems.fund = unresolved("fund", line.fund);
  return problems;
}
