import { afterEach, describe, expect, it } from "vitest";
import { observeServiceCall, operationOf, setServiceObserver, type ServiceCall } from "@/lib/service/observer";
import { send } from "@/lib/service/request";

afterEach(() => setServiceObserver(undefined));

describe("the service observer hook", () => {
  it("names operations by path without ids, the API prefix or the query", () => {
    expect(operationOf("/admin/oauth2/api/v1/imports/12345")).toBe("/imports/:id");
    expect(operationOf("/admin/oauth2/api/v1/imports/list?import_id=77")).toBe("/imports/list");
    expect(operationOf("/admin/oauth2/api/v1/transactions/query")).toBe("/transactions/query");
    expect(operationOf("/admin/oauth2/token")).toBe("/admin/oauth2/token");
    expect(operationOf("/admin/oauth2/api/v1/x/0b9f3c1e-2a4d-4c8e-9f00-123456789abc")).toBe("/x/:id");
  });

  it("sees every call with its status, and a failing observer never fails the call", async () => {
    const seen: ServiceCall[] = [];
    setServiceObserver((call) => void seen.push(call));
    const answer = (status: number) => async () => new Response("{}", { status });
    await send({ baseUrl: "http://service.test", fetch: answer(429) }, "/admin/oauth2/api/v1/imports/9", {
      method: "GET",
    });
    await expect(
      send(
        {
          baseUrl: "http://service.test",
          fetch: () => Promise.reject(new Error("ECONNREFUSED")),
        },
        "/admin/oauth2/token",
        { method: "POST" },
      ),
    ).rejects.toThrow(/could not be reached/);
    expect(seen.map(({ method, operation, status }) => ({ method, operation, status }))).toEqual([
      { method: "GET", operation: "/imports/:id", status: "429" },
      { method: "POST", operation: "/admin/oauth2/token", status: "network" },
    ]);
    expect(seen.every((call) => call.durationMs >= 0)).toBe(true);
    setServiceObserver(() => {
      throw new Error("broken observer");
    });
    expect(() => observeServiceCall(seen[0]!)).not.toThrow();
    const response = await send({ baseUrl: "http://service.test", fetch: answer(200) }, "/x", { method: "GET" });
    expect(response.status).toBe(200);
  });
});
