// RFC 9207: an authorization server that names itself in its answer (`iss`) must be the one this
// environment is configured for. A client talking to two servers (Playground and production)
// otherwise cannot tell a mixed-up answer from a genuine one. Servers that send no `iss` (the
// service's documentation shows none) are still told apart by their distinct redirect URIs.
import "server-only";
import type { AppEnv } from "@/lib/env";
import { serviceIssuer } from "@/lib/env";

/**
 * True when the answer names an issuer and it is not ours (compared exactly, RFC 9207 §2.4), or
 * names one more than once (a list of values): readers disagree on which of several counts
 * (the callback route read the first, next-auth the last), so a repeated `iss` is refused whatever
 * its values.
 */
export function isForeignIssuer(iss: unknown, env: AppEnv): boolean {
  if (iss === undefined) return false;
  if (Array.isArray(iss)) return iss.length !== 1 || isForeignIssuer(iss[0], env);
  return iss !== serviceIssuer(env);
}

/** Every `iss` a callback request carries, in its query and (for a form post) its body. */
export async function callbackIssuers(req: Request): Promise<string[] | undefined> {
  const values = new URL(req.url).searchParams.getAll("iss");
  const type = req.headers.get("content-type") ?? "";
  if (req.method === "POST" && type.startsWith("application/x-www-form-urlencoded")) {
    const body = new URLSearchParams(await req.clone().text());
    values.push(...body.getAll("iss"));
  }
  return values.length === 0 ? undefined : values;
}
