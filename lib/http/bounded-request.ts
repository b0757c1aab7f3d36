// next-auth reads a POST body whole (request.text() / json()) before looking at it, with no limit.
// Its forms are tiny, so the body is read here first, bounded as it streams, and next-auth gets
// a copy of the request that carries the bytes already read.
import "server-only";
import { NextRequest } from "next/server";
import { BODY_LIMITS, readLimitedBody } from "./limited-body";

export async function withBoundedBody(request: NextRequest): Promise<NextRequest> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const body = await readLimitedBody(request, BODY_LIMITS.auth);
  return new NextRequest(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(body) });
}
