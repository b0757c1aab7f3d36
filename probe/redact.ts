// Redaction of everything the probe prints or stores, so its output can be shared. An answer of the service
// may carry a token, a code or a secret under any key and in any shape (JSON, a form, plain text,
// JSON inside a string), so two passes run: every value the probe knows to be secret is replaced
// wherever it appears, and every value under a secret-sounding name is replaced by shape.

export const REDACTED = "[redacted]";

/** Names whose values are credentials: access_token, refresh_token, code, client_secret, … */
const SECRET_NAME = /^(?:.*_)?(?:token|code|secret|password|verifier|assertion|credential|key)$/i;
/** The same names inside text: name, an optional closing quote, `=` or `:`, then the value. */
const SECRET_PAIR =
  /((?:^|[^A-Za-z0-9_])(?:[A-Za-z0-9]+_)*(?:token|code|secret|password|verifier|assertion|credential|key)\\?["']?\s*[:=]\s*\\?["']?)([^"'\\&\s,;}\]]+)/gi;
/** `Authorization: Bearer <token>` or `Basic <credentials>` echoed back. */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;

/** Known secret values shorter than this are not searched for: they would hit ordinary words. */
const MIN_KNOWN = 6;

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [
        name,
        SECRET_NAME.test(name) && inner !== null && typeof inner !== "boolean" ? REDACTED : redactValue(inner),
      ]),
    );
  }
  if (typeof value === "string") return redactText(value);
  return value;
}

/**
 * The text with every credential in it replaced by "[redacted]": `known` are values the probe
 * holds (its tokens, code, verifier, client secret), replaced wherever they appear.
 */
export function redactText(text: string, known: Iterable<string> = []): string {
  let out = text;
  for (const secret of known) {
    if (secret.length >= MIN_KNOWN) out = out.split(secret).join(REDACTED);
  }
  const trimmed = out.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return JSON.stringify(redactValue(JSON.parse(trimmed)));
    } catch {
      // Not JSON after all (or cut short): the text pass below still applies.
    }
  }
  return out.replace(SECRET_PAIR, `$1${REDACTED}`).replace(AUTH_SCHEME, `$1 ${REDACTED}`);
}
