// Operations on grants shared by the token endpoint, the API, the org-admin page and the test
// switches, so that "disconnect" means exactly the same thing wherever it is triggered.
import { randomToken, safeEqual, sha256Hex } from "./crypto";
import type { Organization } from "./seed";
import type { EmulatorState, Grant, Scope } from "./state";

export type IssuedTokens = { accessToken: string; refreshToken: string; grant: Grant };

export function createGrant(
  state: EmulatorState,
  input: { organizationId: number; clientId: string; scopes: Scope[]; nowMs: number },
): IssuedTokens {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const grant: Grant = {
    id: `grant-${state.nextGrantNumber++}`,
    organizationId: input.organizationId,
    clientId: input.clientId,
    scopes: input.scopes,
    createdAt: Math.floor(input.nowMs / 1000),
    status: "active",
    integrationStatus: null,
    integrationUnits: null,
    accessTokenHash: sha256Hex(accessToken),
    refreshTokenHash: sha256Hex(refreshToken),
  };
  state.grants.set(grant.id, grant);
  return { accessToken, refreshToken, grant };
}

/** Refresh rotates both tokens: the previous access and refresh tokens stop working at once. */
/** New tokens for a grant; `keepRefreshToken`: only the access token is replaced. */
export function rotateTokens(
  grant: Grant,
  keepRefreshToken = false,
): { accessToken: string; refreshToken: string | null } {
  const accessToken = randomToken();
  grant.accessTokenHash = sha256Hex(accessToken);
  if (keepRefreshToken) return { accessToken, refreshToken: null };
  const refreshToken = randomToken();
  grant.refreshTokenHash = sha256Hex(refreshToken);
  return { accessToken, refreshToken };
}

export function findGrantByAccessToken(state: EmulatorState, token: string): Grant | undefined {
  const hash = sha256Hex(token);
  for (const grant of state.grants.values()) if (grant.accessTokenHash === hash) return grant;
  return undefined;
}

export function findGrantByRefreshToken(state: EmulatorState, clientId: string, token: string): Grant | undefined {
  const hash = sha256Hex(token);
  for (const grant of state.grants.values()) {
    if (grant.refreshTokenHash === hash && grant.clientId === clientId) return grant;
  }
  return undefined;
}

/** Withdraws a grant completely: both tokens are forgotten. */
export function revokeGrant(grant: Grant): void {
  grant.status = "revoked";
  grant.accessTokenHash = null;
  grant.refreshTokenHash = null;
}

/**
 * The organization disconnects the application. Tokens are kept so that later calls can be told
 * apart from unknown tokens: they answer "Disabled integration", as the spec requires.
 */
export function disconnectOrganization(state: EmulatorState, organizationId: number, clientId?: string): number {
  let count = 0;
  for (const grant of grantsOf(state, organizationId)) {
    if (grant.status !== "active" || (clientId !== undefined && grant.clientId !== clientId)) continue;
    grant.status = "disconnected";
    count++;
  }
  return count;
}

export function revokeAccessTokens(state: EmulatorState, organizationId: number): number {
  let count = 0;
  for (const grant of grantsOf(state, organizationId)) {
    if (grant.accessTokenHash !== null) count++;
    grant.accessTokenHash = null;
  }
  return count;
}

export function revokeRefreshTokens(state: EmulatorState, organizationId: number): number {
  let count = 0;
  for (const grant of grantsOf(state, organizationId)) {
    if (grant.refreshTokenHash !== null) count++;
    grant.refreshTokenHash = null;
  }
  return count;
}

export function grantsOf(state: EmulatorState, organizationId: number): Grant[] {
  return [...state.grants.values()].filter((grant) => grant.organizationId === organizationId);
}

/** Sign-in of an organization admin: e-mail case-insensitive, password exact. */
export function findOrganizationByCredentials(
  state: EmulatorState,
  email: string,
  password: string,
): Organization | undefined {
  const wanted = email.trim().toLowerCase();
  for (const org of state.organizations.values()) {
    // Both comparisons always run, so timing does not reveal which part was wrong.
    const emailMatches = safeEqual(org.adminEmail.toLowerCase(), wanted);
    const passwordMatches = safeEqual(org.adminPassword, password);
    if (emailMatches && passwordMatches) return org;
  }
  return undefined;
}
