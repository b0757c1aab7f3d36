// Every JSON column is parsed where it is read: the database types it only as JSON, and a row
// written by an older version (or edited by hand) must fail loudly with the column's name, not
// travel on as a wrongly typed value. A failure is the server's problem (500, logged), never
// the admin's input, so it is not a ZodError (which the route wrapper answers as 422).
import "server-only";
import type { z } from "zod";

export class StoredJsonError extends Error {
  override name = "StoredJsonError";
}

export function readStoredJson<T>(schema: z.ZodType<T>, value: unknown, column: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new StoredJsonError(
    `Stored ${column} does not have the expected shape (${first ? `${first.path.join(".") || "value"}: ${first.message}` : "unknown"}).`,
  );
}
