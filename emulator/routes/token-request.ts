// Parsing and client authentication for the token endpoint (RFC 6749 §2.3.1, §3.2, §5.2).
import type { Context } from "hono";
import type { EmulatorConfig } from "../config";
import { safeEqual } from "../crypto";
import { readFormBody, readJsonObject } from "../http";

export type OAuthError = {
  status: 400 | 401;
  error: "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type";
  description: string;
  /** The client tried HTTP Basic: a 401 must then carry WWW-Authenticate (RFC 6749 §5.2). */
  basicAttempted?: boolean;
};

export type TokenParams = { encoding: "form" | "json"; values: Map<string, string> };

export const invalidRequest = (description: string): OAuthError => ({
  status: 400,
  error: "invalid_request",
  description,
});

export const invalidGrant = (description: string): OAuthError => ({
  status: 400,
  error: "invalid_grant",
  description,
});

/** Reads a form or JSON body into one map of string parameters; empty values count as absent. */
export async function readTokenParams(c: Context): Promise<TokenParams | OAuthError> {
  const values = new Map<string, string>();
  const form = await readFormBody(c);
  if (form !== null) {
    for (const [name, value] of form) {
      // RFC 6749 §3.2: request parameters must not be included more than once.
      if (form.getAll(name).length > 1) {
        return invalidRequest(`Parameter ${name} was sent more than once`);
      }
      if (value !== "") values.set(name, value);
    }
    return { encoding: "form", values };
  }
  const json = await readJsonObject(c);
  if (json === null) {
    return invalidRequest(
      "Send the parameters as application/x-www-form-urlencoded or as a JSON object (application/json)",
    );
  }
  for (const [name, value] of Object.entries(json)) {
    if (value === null || value === "") continue;
    if (typeof value !== "string") return invalidRequest(`Parameter ${name} must be a string`);
    values.set(name, value);
  }
  return { encoding: "json", values };
}

/**
 * Authenticates the client from HTTP Basic or from client_id/client_secret in the body (one
 * method only, RFC 6749 §2.3). Missing credentials are `invalid_client`, as §5.2 lists
 * "no client authentication included" under that error.
 */
export function authenticateClient(
  c: Context,
  config: EmulatorConfig,
  params: TokenParams,
): { clientId: string } | OAuthError {
  const header = c.req.header("Authorization");
  let clientId = params.values.get("client_id");
  let secret = params.values.get("client_secret");
  const basicAttempted = header !== undefined && /^basic /i.test(header);

  if (basicAttempted) {
    const decoded = decodeBasic(header.slice(6).trim());
    if (decoded === null) return invalidClient("Malformed HTTP Basic credentials", true);
    if (secret !== undefined) return invalidRequest("Use only one client authentication method");
    if (clientId !== undefined && clientId !== decoded.id) {
      return invalidRequest("client_id in the body does not match the Authorization header");
    }
    clientId = decoded.id;
    secret = decoded.secret;
  }

  if (clientId === undefined || secret === undefined) {
    return invalidClient("Client authentication is required (client_id and client_secret)", basicAttempted);
  }
  // Both comparisons always run, so timing does not tell an unknown id from a wrong secret.
  const idMatches = safeEqual(clientId, config.clientId);
  const secretMatches = safeEqual(secret, config.clientSecret);
  if (!idMatches || !secretMatches) {
    return invalidClient("Client authentication failed: unknown client or wrong secret", basicAttempted);
  }
  return { clientId };
}

function invalidClient(description: string, basicAttempted: boolean): OAuthError {
  return { status: 401, error: "invalid_client", description, basicAttempted };
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before being joined and base64-encoded. */
function decodeBasic(encoded: string): { id: string; secret: string } | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  const text = Buffer.from(encoded, "base64").toString("utf8");
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  try {
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, " "));
    return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
  } catch {
    return null;
  }
}

export function isOAuthError(value: object): value is OAuthError {
  return "error" in value && "status" in value;
}
