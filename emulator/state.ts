// The emulator's whole world, in memory. Tokens and codes are kept only as sha256 hashes so that
// a state dump (or a debugger) never shows a usable credential.
import type { EmulatorConfig } from "./config";
import type { ImportJob, ImportQueue, Split } from "./imports/model";
import { createSeedOrganizations, type Organization } from "./seed";
import { DEFAULT_SETTINGS, settingsJson, type EmulatorSettings } from "./settings";
import type { QueryToken } from "./transactions-query";

export const SCOPES = ["basic", "data_add", "data_query"] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * One organization's authorization of the application. Re-authorizing creates another grant.
 * `disconnected`: the organization withdrew the integration (calls answer "Disabled integration").
 * `revoked`: the emulator withdrew it, e.g. after an authorization code was replayed.
 */
export type Grant = {
  id: string;
  organizationId: number;
  clientId: string;
  scopes: Scope[];
  /** Unix seconds. */
  createdAt: number;
  status: "active" | "disconnected" | "revoked";
  integrationStatus: string | null;
  integrationUnits: string | null;
  accessTokenHash: string | null;
  refreshTokenHash: string | null;
};

export type AuthorizationCode = {
  clientId: string;
  redirectUri: string;
  organizationId: number;
  scopes: Scope[];
  /** S256 challenge from the authorize request, when the client sent one. */
  codeChallenge: string | null;
  /** Milliseconds on the configured clock. */
  expiresAt: number;
  /** Set once exchanged; a replay then revokes this grant (RFC 6749 §4.1.2). */
  grantId: string | null;
};

export type FailFault = {
  status: 500 | 429;
  remaining: number;
  pathPrefix: string | null;
  retryAfter: number | null;
  /** "after": the request is handled (and takes effect), then its answer is lost and replaced. */
  when: "before" | "after";
};

type RuleFilter = {
  /** null: every path outside the switches. */
  pathPrefix: string | null;
  /** Upper case; null: every method. */
  method: string | null;
  /** Probability in [0, 1] that a matching request is faulted. */
  rate: number;
  /** How many times the rule may fire in all; null: unlimited. */
  count: number | null;
  /** How many times it fired so far (shown in the state dump). */
  fired: number;
};

/** One entry of the `rules` of POST /__emulator/faults; see emulator/routes/fault-settings.ts. */
export type FaultRule = RuleFilter &
  (
    | { fault: "status"; status: 500 | 502 | 503 | 429; retryAfter: number; when: "before" | "after" }
    | { fault: "reset"; when: "before" | "after" }
    | { fault: "hang" }
    | { fault: "latency"; latencyMs: number }
  );

export type Faults = {
  latencyMs: number;
  fail: FailFault | null;
  rules: FaultRule[];
  /** Seed of the PRNG that draws the rules' rates; every POST /__emulator/faults restarts it. */
  seed: number;
  /** The mulberry32 state, advanced by every draw: the same seed gives the same sequence. */
  randomState: number;
};

export const DEFAULT_FAULT_SEED = 1;

export function noFaults(): Faults {
  return { latencyMs: 0, fail: null, rules: [], seed: DEFAULT_FAULT_SEED, randomState: DEFAULT_FAULT_SEED };
}

export type Stats = {
  tokenRequests: { authorization_code: number; refresh_token: number; other: number };
  /** Keyed by "METHOD /path", counting every API request, answered or refused. */
  apiCalls: Record<string, number>;
  /** Requests an injected fault applied to: the legacy `fail` and every firing of a rule. */
  faultsServed: number;
};

export type EmulatorState = {
  organizations: Map<number, Organization>;
  grants: Map<string, Grant>;
  /** Keyed by the sha256 of the code. */
  codes: Map<string, AuthorizationCode>;
  stats: Stats;
  faults: Faults;
  /** How closely to follow the interface (settings.ts); a reset restores the configured ones. */
  settings: EmulatorSettings;
  nextGrantNumber: number;
  /** Every import of every organization, by id. */
  imports: Map<number, ImportJob>;
  /** Keyed by organization id. */
  importQueues: Map<number, ImportQueue>;
  /** Keyed by organization id, in creation order. */
  splits: Map<number, Split[]>;
  /** Keyed by the token value; tokens are not credentials, only cursors. */
  queryTokens: Map<string, QueryToken>;
  /** Survives resets, so an import id the app stored never names a different import later. */
  nextImportNumber: number;
  /** Bumped by every reset: an import still being processed sees it changed and stops. */
  epoch: number;
};

/** What every route works with: the fixed configuration and the mutable world. */
export type EmulatorDeps = { config: EmulatorConfig; state: EmulatorState };

function emptyStats(): Stats {
  return {
    tokenRequests: { authorization_code: 0, refresh_token: 0, other: 0 },
    apiCalls: {},
    faultsServed: 0,
  };
}

export function createState(settings: EmulatorSettings = DEFAULT_SETTINGS): EmulatorState {
  return {
    organizations: new Map(createSeedOrganizations().map((org) => [org.id, org])),
    grants: new Map(),
    codes: new Map(),
    stats: emptyStats(),
    faults: noFaults(),
    settings: { ...settings },
    nextGrantNumber: 1,
    imports: new Map(),
    importQueues: new Map(),
    splits: new Map(),
    queryTokens: new Map(),
    nextImportNumber: 1,
    epoch: 0,
  };
}

/** Restores the seed in place: routes keep their reference to the same state object. */
export function resetState(state: EmulatorState, settings: EmulatorSettings): void {
  const { nextImportNumber, epoch } = state;
  Object.assign(state, createState(settings), { nextImportNumber, epoch: epoch + 1 });
}

/** A JSON summary that is safe to print: no token values and no token hashes. */
export function summarizeState(state: EmulatorState) {
  return {
    organizations: [...state.organizations.values()].map((org) => ({
      id: org.id,
      name: org.name,
      admin_email: org.adminEmail,
      campaigns: org.campaigns.length,
      funds: org.funds.length,
      transactions: org.transactions.length,
    })),
    grants: [...state.grants.values()].map((grant) => ({
      id: grant.id,
      organization_id: grant.organizationId,
      client_id: grant.clientId,
      scopes: grant.scopes,
      status: grant.status,
      integration_status: grant.integrationStatus,
      integration_units: grant.integrationUnits,
      created_at: grant.createdAt,
      has_access_token: grant.accessTokenHash !== null,
      has_refresh_token: grant.refreshTokenHash !== null,
    })),
    pending_codes: [...state.codes.values()].filter((code) => code.grantId === null).length,
    // Held query tokens (no values): how many gifts each one's snapshot keeps in memory.
    query_tokens: [...state.queryTokens.values()].map((token) => ({
      organization_id: token.organizationId,
      snapshot_gifts: token.matches.length,
    })),
    stats: state.stats,
    faults: state.faults,
    settings: settingsJson(state.settings),
  };
}
