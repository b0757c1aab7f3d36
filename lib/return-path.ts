// Where to return after connecting: a path of this app only. An address from the query string is
// the admin's (a link they followed) or an attacker's; anything that could leave the origin
// (`//host`, `/\host`, a scheme, a control character) is refused and the default is used.
const DEFAULT = "/transactions";

/** The request header proxy.ts sets to the page asked for. */
export const PATH_HEADER = "x-apportion-path";
const SAFE = /^\/(?![/\\])[^\s\\]*$/;

export function returnPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 2_000 || !SAFE.test(value)) return DEFAULT;
  // The landing page itself and next-auth's own routes are no destination.
  if (value === "/" || value.startsWith("/?") || value.startsWith("/api/")) return DEFAULT;
  return value;
}
