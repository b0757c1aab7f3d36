// A path segment that does not decode (%FF, %ED%A0%80, %C3) made Next.js's
// matcher answer 500. proxy.ts refuses it first, naming the route's parameter; the list of routes
// it names them from must be every dynamic route of app/.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_DYNAMIC_ROUTES, readRefusalHeader, refusalHeader, undecodableRouteParam } from "@/lib/address-refusal";
import { decodedPathSegment, rawPathSegmentProblem, UNDECODABLE } from "@/lib/unicode";

const BAD = ["%FF", "%ED%A0%80", "%C3", "50%off", "%"];

/** Folders under app/api holding a route.ts with a dynamic segment, as "/api/x/[id]". */
function dynamicRouteFolders(dir = "app/api"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return dynamicRouteFolders(full);
    const folder = `/${path.relative("app", dir).split(path.sep).join("/")}`;
    return entry.name === "route.ts" && folder.includes("[") ? [folder] : [];
  });
}

describe("a path segment as it arrived", () => {
  it("decodes only when its escapes are whole UTF-8", () => {
    for (const bad of BAD) expect(decodedPathSegment(bad), bad).toBeNull();
    expect(decodedPathSegment("caf%C3%A9")).toBe("café");
    expect(decodedPathSegment("51001001")).toBe("51001001");
    for (const bad of BAD) expect(rawPathSegmentProblem(bad), bad).toBe(UNDECODABLE);
    expect(rawPathSegmentProblem("5100%001005")).toMatch(/NUL/);
    expect(rawPathSegmentProblem("caf%C3%A9")).toBeNull();
  });
});

describe("a route address that does not decode", () => {
  it("lists every dynamic route of app/api", () => {
    expect([...API_DYNAMIC_ROUTES].sort()).toEqual(dynamicRouteFolders().sort());
  });

  it("names the parameter of every dynamic route, whatever the bad escape", () => {
    for (const route of API_DYNAMIC_ROUTES) {
      const param = /\[(?:\.\.\.)?(\w+)\]/.exec(route)![1];
      for (const bad of BAD) {
        const address = route.replace(/\[[^\]]+\]/, bad);
        expect(undecodableRouteParam(address), address).toEqual({ path: address, problem: UNDECODABLE, param });
      }
    }
    expect(undecodableRouteParam("/api/auth/callback/%FF")?.param).toBe("nextauth");
  });

  it("leaves alone what decodes, and shapes no route has (Next.js answers 404 itself)", () => {
    expect(undecodableRouteParam("/api/templates/caf%C3%A9")).toBeNull();
    expect(undecodableRouteParam("/api/templates/%FF/extra")).toBeNull();
    expect(undecodableRouteParam("/api/%FF/1")).toBeNull();
    expect(undecodableRouteParam("/api/funds/%FF")).toBeNull();
    // A static part written with escapes is still that part.
    expect(undecodableRouteParam("/api/templat%65s/%FF")?.param).toBe("id");
  });

  it("travels to the refusal in a header that only a well-formed value passes", () => {
    const refusal = { path: `/api/templates/${"%FF".repeat(200)}`, problem: UNDECODABLE, param: "id" };
    const read = readRefusalHeader(refusalHeader(refusal));
    expect(read).toMatchObject({ problem: UNDECODABLE, param: "id" });
    expect(read?.path).toHaveLength(300);
    for (const forged of [null, "", "{", "null", '{"path":1,"problem":"x"}', '{"path":"/","problem":"x","param":2}']) {
      expect(readRefusalHeader(forged), String(forged)).toBeNull();
    }
  });
});
