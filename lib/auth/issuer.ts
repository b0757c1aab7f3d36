// RFC 9207: an authorization server that names itself in its answer (`iss`) must be the one this
// environment is configured for. A client talking to two servers (Playground and production)
// otherwise cannot tell a mixed-up answer from a genuine one. Servers that send no `iss` (the
// service's documentation shows none) are still told apart by their distinct redirect URIs.
import "server-only";
import type { AppEnv } from "@/lib/env";
import { serviceIssuer } from "@/lib/env";

/** True when the answer names an issuer, and it is not ours (compared exactly, RFC 9207 §2.4). */
export function isForeignIssuer(iss: unknown, env: AppEnv): boolean {
  return iss !== undefined && iss !== serviceIssuer(env);
}
