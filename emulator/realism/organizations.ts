// Many organizations at once (a partner's fleet): each with an admin, a few campaigns and funds,
// a seeded number of gifts, and an active grant whose tokens are handed back, so a benchmark
// can connect them all without a browser.
import { createGrant } from "../grants";
import { generateTransactions } from "../generate";
import { mulberry32, seedState } from "../prng";
import { DEMO_PASSWORD, type Organization } from "../seed";
import { SCOPES, type EmulatorDeps } from "../state";

export const MAX_ORGANIZATIONS = 5_000;
export const MAX_GIFTS_EACH = 1_000_000;

const CAMPAIGNS = ["Annual Fund", "Spring Appeal", "Year-End Drive", "Capital Campaign"];
const FUNDS = ["General", "Operations", "Programs", "Building Fund"];

export type CreatedOrganization = {
  organization_id: number;
  name: string;
  admin_email: string;
  admin_password: string;
  gifts: number;
  access_token: string;
  refresh_token: string;
  scope: string;
};

export function createOrganizations(
  { state, config }: EmulatorDeps,
  options: {
    count: number;
    seed: number;
    years: number;
    gifts: { min: number; max: number; distribution: "uniform" | "log_uniform" };
    nowMs: number;
  },
): CreatedOrganization[] {
  let random = seedState(options.seed);
  const draw = () => {
    const next = mulberry32(random);
    random = next.state;
    return next.value;
  };
  const { min, max, distribution } = options.gifts;
  const size = () =>
    distribution === "uniform"
      ? min + Math.floor(draw() * (max - min + 1))
      : Math.min(max, Math.floor(Math.exp(Math.log(min) + draw() * (Math.log(max + 1) - Math.log(min)))));
  let nextId = Math.max(1000, ...state.organizations.keys()) + 1;
  const created: CreatedOrganization[] = [];
  for (let i = 0; i < options.count; i++) {
    const id = nextId++;
    const org: Organization = {
      id,
      name: `Fleet Organization ${id}`,
      adminEmail: `admin-${id}@fleet.example.org`,
      adminPassword: DEMO_PASSWORD,
      campaigns: CAMPAIGNS.map((campaign, n) => ({
        campaign_id: `2${id}${String(n + 1).padStart(2, "0")}`,
        campaign,
        parent_campaign_id: null,
      })),
      funds: FUNDS.map((fund, n) => ({ fund_id: `3${id}${String(n + 1).padStart(2, "0")}`, fund })),
      transactions: [],
      syncVersion: 0,
      deletedIds: new Set(),
    };
    state.organizations.set(id, org);
    const gifts = size();
    if (gifts > 0)
      generateTransactions(org, {
        count: gifts,
        seed: options.seed * 7919 + id,
        years: options.years,
        nowMs: options.nowMs,
      });
    const scopes = [...SCOPES];
    const tokens = createGrant(state, { organizationId: id, clientId: config.clientId, scopes, nowMs: options.nowMs });
    created.push({
      organization_id: id,
      name: org.name,
      admin_email: org.adminEmail,
      admin_password: org.adminPassword,
      gifts,
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      scope: scopes.join(" "),
    });
  }
  return created;
}
