// Deterministic seed data: two organizations with an admin each, and the campaigns, funds and
// transactions that the split import works on. No randomness and fixed dates, so `reset` always
// restores exactly the same world and tests can name records by id.

export type Campaign = {
  campaign_id: string;
  campaign: string;
  /** A campaign hierarchy is one level deep in the spec (`parent_campaign`). */
  parent_campaign_id: string | null;
};

export type Fund = { fund_id: string; fund: string };

/** A transaction as the service stores it (field names as in the service's import format). */
export type Transaction = {
  /** The service's own id; unique across organizations. */
  transaction_id: string;
  /** Null for a transaction the service created itself (no importing application). */
  external_id: string | null;
  amount_in_cents: number;
  currency: "USD";
  transaction_time: string;
  campaign: string;
  campaign_id: string;
  fund: string;
  fund_id: string;
  contact_name: string;
  transaction_type: "cash" | "check" | "credit" | "eft" | "paypal";
  /** The organization's change counter when this transaction was created or last changed. */
  sync_version: number;
  /** When it was created or last changed at the service, in milliseconds (the `changed` filter). */
  changed_ms: number;
  /** The `updated_time` of the contact_with_transaction row that last set it (ms), for action_type update. */
  updated_ms?: number | null;
};

export type Organization = {
  id: number;
  name: string;
  adminEmail: string;
  /** A published demo password: the emulator holds no real accounts. */
  adminPassword: string;
  campaigns: Campaign[];
  funds: Fund[];
  transactions: Transaction[];
  /** Bumped by every created or changed transaction; the last value handed out. */
  syncVersion: number;
  /** Ids of transactions deleted at the service (a test switch): never given to a new one. */
  deletedIds: Set<string>;
};

export const DEMO_PASSWORD = "playground";

type OrgPlan = {
  id: number;
  name: string;
  adminEmail: string;
  campaigns: Array<{ name: string; parent?: string }>;
  funds: string[];
  contacts: string[];
};

const PLANS: OrgPlan[] = [
  {
    id: 1001,
    name: "Riverside Food Bank",
    adminEmail: "admin@riverside.example",
    campaigns: [
      { name: "Annual Appeal 2026" },
      { name: "Spring Food Drive", parent: "Annual Appeal 2026" },
      { name: "Holiday Meals" },
      { name: "Weekend Backpacks", parent: "Holiday Meals" },
    ],
    funds: ["General", "Food Purchasing", "Operations", "Youth Nutrition"],
    contacts: ["Maria Alvarez", "James Okafor", "Priya Raman", "Tom Becker"],
  },
  {
    id: 1002,
    name: "Harbor Arts Collective",
    adminEmail: "admin@harbor.example",
    campaigns: [
      { name: "Season Subscriptions" },
      { name: "Spring Gala 2026" },
      { name: "Gala Auction", parent: "Spring Gala 2026" },
      { name: "Mural Project" },
    ],
    funds: ["General", "Artist Residency", "Education", "Building Fund"],
    contacts: ["Alex Chen", "Fatima Noor", "Sam Whitaker", "Lena Kowalski"],
  },
];

// Varied totals: round, odd, tiny (1 cent) and large, so split sums are exercised at the edges.
// The 13th (10001, with an external id) is for "split evenly" tests: two halves cannot be equal.
const AMOUNTS = [10000, 2500, 12345, 500, 100000, 7550, 1, 99999, 4200, 25000, 333, 15000, 10001];
const TYPES: Transaction["transaction_type"][] = ["credit", "check", "cash", "eft", "paypal"];

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

function buildOrganization(plan: OrgPlan): Organization {
  const campaignIds = new Map<string, string>();
  plan.campaigns.forEach((c, i) => campaignIds.set(c.name, `2${plan.id}${pad(i + 1, 2)}`));
  const campaigns: Campaign[] = plan.campaigns.map((c) => ({
    campaign_id: campaignIds.get(c.name) ?? "",
    campaign: c.name,
    parent_campaign_id: c.parent === undefined ? null : (campaignIds.get(c.parent) ?? null),
  }));
  const funds: Fund[] = plan.funds.map((name, i) => ({
    fund_id: `3${plan.id}${pad(i + 1, 2)}`,
    fund: name,
  }));

  const transactions: Transaction[] = AMOUNTS.map((amount, i) => {
    const n = i + 1;
    const campaign = campaigns[i % campaigns.length];
    const fund = funds[i % funds.length];
    const contact = plan.contacts[i % plan.contacts.length];
    const type = TYPES[i % TYPES.length];
    if (!campaign || !fund || !contact || !type) throw new Error("seed plan is incomplete");
    return {
      transaction_id: `5${plan.id}${pad(n, 3)}`,
      // Every third transaction was entered in the service itself, so it has no external id and
      // a split must match it by `transaction_id` (spec rule 4).
      external_id: n % 3 === 0 ? null : `ext-${plan.id}-${pad(n, 4)}`,
      amount_in_cents: amount,
      currency: "USD",
      transaction_time: new Date(Date.UTC(2026, 0, n, 15, 30, 0)).toISOString(),
      sync_version: n,
      changed_ms: Date.UTC(2026, 0, n, 15, 30, 0),
      campaign: campaign.campaign,
      campaign_id: campaign.campaign_id,
      fund: fund.fund,
      fund_id: fund.fund_id,
      contact_name: contact,
      transaction_type: type,
    };
  });

  return {
    id: plan.id,
    name: plan.name,
    adminEmail: plan.adminEmail,
    adminPassword: DEMO_PASSWORD,
    campaigns,
    funds,
    transactions,
    syncVersion: transactions.length,
    deletedIds: new Set(),
  };
}

/** A fresh copy of the seed every call, so state mutations never leak into the next reset. */
export function createSeedOrganizations(): Organization[] {
  return PLANS.map(buildOrganization);
}
