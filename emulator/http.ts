// Small request helpers shared by the routes.
import type { Context } from "hono";

function contentTypeOf(c: Context): string {
  return (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Form bodies parsed by hand (not parseBody) so that repeated parameters can be detected. */
export async function readFormBody(c: Context): Promise<URLSearchParams | null> {
  if (contentTypeOf(c) !== "application/x-www-form-urlencoded") return null;
  return new URLSearchParams(await c.req.text());
}

/** The parsed JSON body when it is a JSON object; null for anything else. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown> | null> {
  if (contentTypeOf(c) !== "application/json") return null;
  try {
    const value: unknown = JSON.parse(await c.req.text());
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function noStore(c: Context): void {
  c.header("Cache-Control", "no-store");
  c.header("Pragma", "no-cache");
}
