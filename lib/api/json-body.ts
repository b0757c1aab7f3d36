// A route's JSON body: size-limited while it streams, parsed, then checked by the route's schema.
import type { z } from "zod";
import { AppError } from "@/lib/app-error";
import { BODY_LIMITS, readLimitedBody } from "@/lib/http/limited-body";

export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes: number = BODY_LIMITS.json,
): Promise<z.infer<S>> {
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) {
    throw new AppError("invalid_input", "Send the request body as JSON (Content-Type: application/json).");
  }
  const bytes = await readLimitedBody(request, maxBytes);
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new AppError("invalid_input", "The request body is not valid JSON.");
  }
  return schema.parse(raw);
}
