// The one wrapper every app route handler goes through: same-origin check on writes, the
// signed-in admin's connection, a size-limited JSON body parsed by the route's zod schema, and
// errors mapped by errorResponse.
import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { AppError } from "@/lib/app-error";
import { requireConnectionForApi } from "@/lib/auth/session";
import { getEnv } from "@/lib/env";
import type { Connection } from "@/lib/generated/prisma/client";
import { errorResponse } from "./errors";

const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

type Params = Record<string, string | string[] | undefined>;

type Handler<B> = (ctx: { request: NextRequest; connection: Connection; body: B; params: Params }) => Promise<unknown>;

export function apiRoute<S extends z.ZodType | undefined = undefined>(
  options: { body?: S; maxBodyBytes?: number },
  handler: Handler<S extends z.ZodType ? z.infer<S> : undefined>,
) {
  return async (request: NextRequest, context: { params: Promise<Params> }): Promise<Response> => {
    try {
      if (request.method !== "GET" && request.method !== "HEAD") assertSameOrigin(request);
      const connection = await requireConnectionForApi();
      const body = (
        options.body ? await readBody(request, options.body, options.maxBodyBytes) : undefined
      ) as S extends z.ZodType ? z.infer<S> : undefined;
      const result = await handler({ request, connection, body, params: await context.params });
      if (result instanceof Response) return result;
      return Response.json(result ?? { ok: true }, { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      return errorResponse(error);
    }
  };
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

async function readBody(request: NextRequest, schema: z.ZodType, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) {
    throw new AppError("invalid_input", "Send the request body as JSON (Content-Type: application/json).");
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) throw tooLarge(maxBytes);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError("invalid_input", "The request body is not valid JSON.");
  }
  return schema.parse(raw);
}

function tooLarge(maxBytes: number) {
  return new AppError("invalid_input", `The request body is larger than ${Math.round(maxBytes / 1024)} KB.`);
}
