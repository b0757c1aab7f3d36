// The one wrapper every app route handler goes through: same-origin check on writes, the
// signed-in admin's connection, a JSON body size-limited as it streams and parsed by the route's
// zod schema, and errors mapped by errorResponse. Around it all, withAccessLog: the request id,
// the context every log line of the request carries, one access line and the HTTP metrics.
import "server-only";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import type { Answer, Contract } from "@/lib/contracts/contract";
import { requireConnectionForApi } from "@/lib/auth/session";
import { getEnv } from "@/lib/env";
import type { Connection } from "@/lib/generated/prisma/client";
import { assertDeclaredLength, BODY_LIMITS } from "@/lib/http/limited-body";
import { withLogContext } from "@/lib/log";
import { pathSegmentProblem, textProblem } from "@/lib/unicode";
import { withAccessLog } from "./access-log";
import { errorResponse } from "./errors";
import { readJsonBody } from "./json-body";

type Params = Record<string, string | string[] | undefined>;

type Handler<B, A = unknown> = (ctx: {
  request: NextRequest;
  connection: Connection;
  body: B;
  params: Params;
}) => Promise<A>;

declare const answered: unique symbol;
/** A response whose JSON is the contract's answer: a route under a contract that sets its own
 *  status answers through `answerWith`, so its body is checked like a plain return. */
export type Answered<A> = Response & { readonly [answered]: A };

export function answerWith<C extends Contract>(_contract: C, answer: Answer<C>, init: ResponseInit): Answered<Answer<C>> {
  return Response.json(answer, init) as Answered<Answer<C>>;
}

type BodyOf<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** A route under its contract (lib/contracts): the body parsed by its schema, the answer checked
 *  against its answer type. */
export function apiRoute<C extends Contract>(
  options: { contract: C; maxBodyBytes?: number },
  handler: Handler<BodyOf<C["body"]>, Answer<C> | Answered<Answer<C>>>,
): ReturnType<typeof withAccessLog<NextRequest>>;
/** A route the browser does not read as JSON (downloads, the service's callbacks…). */
export function apiRoute<S extends z.ZodType | undefined = undefined>(
  options: { body?: S; maxBodyBytes?: number },
  handler: Handler<BodyOf<S>>,
): ReturnType<typeof withAccessLog<NextRequest>>;
export function apiRoute(
  options: { body?: z.ZodType; contract?: Contract; maxBodyBytes?: number },
  handler: Handler<unknown>,
) {
  const schema = options.contract ? options.contract.body : options.body;
  return withAccessLog<NextRequest>(async (request, context, seen) => {
    try {
      const maxBodyBytes = options.maxBodyBytes ?? BODY_LIMITS.json;
      if (request.method !== "GET" && request.method !== "HEAD") {
        // Before anything else, even the session check: an oversized body is refused unread.
        assertDeclaredLength(request, maxBodyBytes);
        assertSameOrigin(request);
      }
      const connection = await requireConnectionForApi();
      seen.organizationId = connection.organizationId;
      const params = await context.params;
      assertStorableAddress(request, params);
      const body = (
        schema ? await readJsonBody(request, schema, maxBodyBytes) : undefined
      );
      const result = await withLogContext({ organizationId: connection.organizationId }, () =>
        handler({ request, connection, body, params }),
      );
      if (result instanceof Response) return result;
      return Response.json(result ?? { ok: true }, { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      return errorResponse(error);
    }
  });
}

/**
 * The one text rule (lib/unicode.ts) on the address: a path id that breaks it names nothing
 * (404); a query parameter that does is a 422 naming the parameter.
 */
function assertStorableAddress(request: NextRequest, params: Params | undefined): void {
  // A route without dynamic segments has no params object.
  for (const value of Object.values(params ?? {}).flat()) {
    if (value !== undefined && pathSegmentProblem(value) !== null) throw new AppError("not_found", "Not found.");
  }
  const issues: z.core.$ZodRawIssue[] = [];
  for (const [name, value] of request.nextUrl.searchParams) {
    const problem = textProblem(name) ?? textProblem(value);
    if (problem !== null) issues.push({ code: "custom", path: [name], message: `This text ${problem}`, input: value });
  }
  if (issues.length > 0) throw new z.ZodError(issues as z.core.$ZodIssue[]);
}

/** Refuses state-changing requests that a browser sent from another site. */
export function assertSameOrigin(request: NextRequest): void {
  const expected = new URL(getEnv().NEXTAUTH_URL).origin;
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if ((origin && origin !== expected) || (site && site !== "same-origin" && site !== "none")) {
    throw new AppError("forbidden", "This request came from another site and was refused.");
  }
}
