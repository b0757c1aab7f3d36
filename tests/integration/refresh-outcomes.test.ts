// Audit finding 2: a refused refresh was retried forever as "try again later" while the
// connection read "active". Now: a refusal that says the body is wrong is asked once more in the
// other encoding; invalid_grant and every other final refusal move the connection to
// needs-reconnect with words; only transient failures are retried, with backoff.
import { beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/app-error";
import { REFRESH_REFUSED_MESSAGE } from "@/lib/connections/refresh-call";
import { withServiceAccess } from "@/lib/connections/service-access";
import { findConnection } from "@/lib/connections/store";
import { db } from "@/lib/db";
import { getAccountDetails } from "@/lib/service/account";
import { connectThroughNextAuth, peerAsService } from "../support/peer-connect";

const peer = peerAsService();
let connectionId: string;

beforeEach(async () => {
  connectionId = (await connectThroughNextAuth()).connectionId!;
  peer().tokenCalls.length = 0;
  // The service stops accepting the access token: the next call must refresh.
  peer().revokeAccessTokens();
});

const details = () => withServiceAccess(connectionId, (token, target) => getAccountDetails(target, token));
const refreshes = () =>
  peer()
    .tokenCalls.filter((c) => c.grantType === "refresh_token")
    .map((c) => c.status);

async function refusal(): Promise<AppError> {
  const error = await details().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("a refresh the service refuses for good", () => {
  it("invalid_grant: needs reconnect, in words, asked once, never again", async () => {
    peer().refuseNext(1, { status: 400, body: { error: "invalid_grant", error_description: "revoked" } });
    const error = await refusal();
    expect(error).toMatchObject({ code: "connection_needs_reconnect", message: REFRESH_REFUSED_MESSAGE });
    expect(await findConnection(connectionId)).toMatchObject({
      status: "needs_reconnect",
      statusReason: REFRESH_REFUSED_MESSAGE,
    });
    expect(refreshes()).toEqual([400]);
    expect((await refusal()).code).toBe("connection_needs_reconnect");
    expect(refreshes()).toEqual([400]);
    const event = await db().connectionEvent.findFirstOrThrow({ where: { connectionId, type: "refresh_failed" } });
    expect(event.detail).toBe(REFRESH_REFUSED_MESSAGE);
  });

  it("invalid_client: needs reconnect, and the words point at the client credentials", async () => {
    peer().refuseNext(1, { status: 401, body: { error: "invalid_client" } });
    const error = await refusal();
    expect(error.code).toBe("connection_needs_reconnect");
    expect(error.message).toContain("SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET");
    expect((await findConnection(connectionId))!.status).toBe("needs_reconnect");
  });

  it("a refusal in a shape no standard names: needs reconnect, with its status", async () => {
    peer().refuseNext(1, { status: 403, body: { message: "forbidden" } });
    const error = await refusal();
    expect(error.message).toBe(
      "The service refused to renew this connection's access (HTTP 403). Reconnect to continue.",
    );
    expect(refreshes()).toEqual([403]);
  });
});

describe("a refusal that says the body itself is wrong", () => {
  it("is asked once more in the other encoding, which then works", async () => {
    for (const status of [415, 400]) {
      peer().revokeAccessTokens();
      peer().tokenCalls.length = 0;
      const body = status === 415 ? {} : { error: "invalid_request" };
      peer().refuseNext(1, { status, body });
      expect((await details()).organization.id).toBe("3001");
      const [first, second] = peer().tokenCalls;
      expect([first?.status, second?.status]).toEqual([status, 200]);
      expect(first?.contentType).not.toBe(second?.contentType);
    }
    expect((await findConnection(connectionId))!.status).toBe("active");
  });

  it("but only once: refused again, it is final", async () => {
    peer().refuseNext(2, { status: 400, body: { error: "invalid_request" } });
    expect((await refusal()).message).toBe(
      "The service refused to renew this connection's access (invalid_request). Reconnect to continue.",
    );
    expect(refreshes()).toEqual([400, 400]);
  });
});

describe("a refresh that fails for now", () => {
  it("is retried with backoff, and the connection stays active", async () => {
    peer().refuseNext(2, { status: 503, body: { error: "temporarily_unavailable" } });
    expect((await details()).organization.id).toBe("3001");
    expect(refreshes()).toEqual([503, 503, 200]);
    expect((await findConnection(connectionId))!.status).toBe("active");
  });

  it("gives up after three tries with 'try again', still active, and the next call asks again", async () => {
    peer().refuseNext(3, { status: 500, body: { error: "server_error" } });
    const error = await refusal();
    expect(error.code).toBe("service_unavailable");
    expect(error.message).toContain("try again");
    expect(refreshes()).toEqual([500, 500, 500]);
    expect((await findConnection(connectionId))!.status).toBe("active");
    expect((await details()).organization.id).toBe("3001");
    expect(refreshes()).toEqual([500, 500, 500, 200]);
  });
});
