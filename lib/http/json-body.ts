// A route's JSON body: size-limited while it streams, parsed, checked by the route's schema, and
// refused if any string in it breaks the one text rule (lib/unicode.ts).
import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { BODY_LIMITS, readLimitedBody } from "@/lib/http/limited-body";
import { findUnstorableText } from "@/lib/unicode";

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
  const parsed = schema.parse(raw);
  // The schemas word the rule for the names people type, with the field's label; this catches
  // any other string (an id, a column name, a key) before it can reach the database.
  const broken = findUnstorableText(raw);
  if (broken.length > 0) {
    throw new z.ZodError(
      broken.map(({ path, problem }) => ({ code: "custom", path, message: `This text ${problem}`, input: undefined })),
    );
  }
  return parsed;
}
