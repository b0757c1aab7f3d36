// Audit finding 8: Apportion's OAuth client against a standard authorization server nobody here
// wrote (oauth2-mock-server), placed behind the service's paths: connect through next-auth,
// refresh with the form body RFC 6749 wants, disconnect. Its token answers carry `expires_in`
// as a number and no `created_at`, unlike the service's.
import { describe, expect, it } from "vitest";
import { disconnectConnection } from "@/lib/connections/lifecycle";
import { withServiceAccess } from "@/lib/connections/service-access";
import { findConnection, openTokens } from "@/lib/connections/store";
import { toConnectionView } from "@/lib/connections/view";
import { db } from "@/lib/db";
import { getAccountDetails } from "@/lib/service/account";
import { knownRefreshEncoding } from "@/lib/service/oauth";
import { resetTables } from "../support/app-db";
import { PEER_ORGANIZATION } from "../support/oauth-peer";
import { APP_URL, connectThroughNextAuth, peerAsService } from "../support/peer-connect";

const peer = peerAsService();

const details = (id: string) => withServiceAccess(id, (token, target) => getAccountDetails(target, token));
const form = "application/x-www-form-urlencoded";

describe("Apportion's OAuth client against oauth2-mock-server", () => {
  it("connects, refreshes with a form body, remembers that, and disconnects", async () => {
    const attempt = await connectThroughNextAuth();
    // The authorization request: state, PKCE S256, the scopes Apportion needs.
    const asked = attempt.authorizationUrl.searchParams;
    expect(`${attempt.authorizationUrl.origin}${attempt.authorizationUrl.pathname}`).toBe(
      `${peer().url}/admin/oauth2/authorize`,
    );
    expect(asked.get("code_challenge_method")).toBe("S256");
    expect(asked.get("state")).toBeTruthy();
    expect(asked.get("scope")).toBe("basic data_query data_add");
    expect(attempt.callback).toMatchObject({ status: 302, location: `${APP_URL}/transactions` });

    const connection = (await findConnection(attempt.connectionId!))!;
    expect(connection).toMatchObject({
      organizationId: PEER_ORGANIZATION.id,
      organizationName: PEER_ORGANIZATION.name,
      scopes: ["basic", "data_query", "data_add"],
      status: "active",
    });
    // expires_in is a number (3600) and there is no created_at: the expiry counts from now.
    const expiresIn = connection.tokenExpiresAt!.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(3590_000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);
    expect(peer().tokenCalls).toEqual([{ grantType: "authorization_code", contentType: form, status: 200 }]);
    expect((await details(connection.id)).organization.id).toBe(PEER_ORGANIZATION.id);

    // Refresh against a server that reads only forms: the spec's JSON body is refused as a
    // malformed request, asked again as a form once, and that is remembered.
    peer().onlyForm();
    peer().revokeAccessTokens();
    const before = openTokens(connection)!;
    expect((await details(connection.id)).organization.name).toBe(PEER_ORGANIZATION.name);
    expect(peer().tokenCalls.slice(1)).toEqual([
      { grantType: "refresh_token", contentType: "application/json", status: 400 },
      { grantType: "refresh_token", contentType: form, status: 200 },
    ]);
    expect(knownRefreshEncoding({ baseUrl: peer().url })).toBe("form");
    const refreshed = (await findConnection(connection.id))!;
    const after = openTokens(refreshed)!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(refreshed.scopes).toEqual(["basic", "data_query", "data_add"]);
    expect(refreshed.lastRefreshedAt).not.toBeNull();

    peer().revokeAccessTokens();
    await details(connection.id);
    expect(peer().tokenCalls.slice(3)).toEqual([{ grantType: "refresh_token", contentType: form, status: 200 }]);

    expect(await disconnectConnection(connection.id)).toEqual({ serviceNotified: true });
    expect(peer().statuses.at(-1)).toEqual({ data: { status: "disconnected", units: "0" } });
    expect(await findConnection(connection.id)).toMatchObject({
      status: "disconnected",
      accessTokenEnvelope: null,
      refreshTokenEnvelope: null,
    });
  });

  it("stores the scopes the server granted, and warns when they lack what Apportion needs", async () => {
    peer().grant.scope = "basic data_query";
    const attempt = await connectThroughNextAuth();
    const connection = (await findConnection(attempt.connectionId!))!;
    expect(connection.scopes).toEqual(["basic", "data_query"]);
    const event = await db().connectionEvent.findFirstOrThrow({ where: { connectionId: connection.id } });
    expect(event.detail).toBe("Scopes: basic data_query. Not granted: data_add");
    expect(toConnectionView(connection).scopeWarning).toBe(
      "The service did not grant everything Apportion needs: create and update records, such as splitting gifts (data_add). What needs it will be refused; reconnect and allow all the access asked for.",
    );
  });

  it("stores exactly what a server grants that is not a scope Apportion knows", async () => {
    peer().grant.scope = "basic dummy";
    const connection = (await findConnection((await connectThroughNextAuth()).connectionId!))!;
    expect(connection.scopes).toEqual(["basic", "dummy"]);
    expect(toConnectionView(connection).scopeWarning).toContain("(data_query)");
  });

  it("connects when the answer names this issuer (RFC 9207), and refuses another without redeeming the code", async () => {
    peer().answerWithIssuer(peer().url);
    expect((await connectThroughNextAuth()).connectionId).toBeDefined();
    await resetTables();
    peer().tokenCalls.length = 0;

    peer().answerWithIssuer("https://app.kindful.com");
    const refused = await connectThroughNextAuth();
    expect(refused.callbackUrl.searchParams.get("iss")).toBe("https://app.kindful.com");
    expect(refused.connectionId).toBeUndefined();
    expect(refused.callback.location).toContain("error=");
    expect(peer().tokenCalls).toEqual([]);
    expect(await db().connection.count()).toBe(0);
  });
});
