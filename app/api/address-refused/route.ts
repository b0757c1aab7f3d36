import { headers } from "next/headers";
import { z } from "zod";
import { readRefusalHeader, REFUSED_ADDRESS_HEADER } from "@/lib/address-refusal";
import { AppError } from "@/lib/app-error";
import { errorResponse } from "@/lib/http/errors";
import { log } from "@/lib/log";

// Where proxy.ts sends a route's address with a segment that does not decode (lib/address-refusal.ts):
// 422 naming the route's parameter, and a log line. Reached directly, it is not found.
export const dynamic = "force-dynamic";

async function refuse(request: Request): Promise<Response> {
  const refusal = readRefusalHeader((await headers()).get(REFUSED_ADDRESS_HEADER));
  if (!refusal?.param) return errorResponse(new AppError("not_found", "Not found."));
  log.warn("http.address_refused", {
    method: request.method,
    path: refusal.path,
    param: refusal.param,
    problem: refusal.problem,
  });
  const message = `The ${refusal.param} in the address ${refusal.problem}`;
  return errorResponse(
    new z.ZodError([{ code: "custom", path: [refusal.param], message, input: refusal.path }] as z.core.$ZodIssue[]),
  );
}

export { refuse as DELETE, refuse as GET, refuse as PATCH, refuse as POST, refuse as PUT };
