// A standard OAuth 2.0 authorization server nobody here wrote (oauth2-mock-server, from npm),
// placed behind the service's paths, with a small resource API in front of it that accepts only
// the JWTs that server signed. What Apportion's client does against it is what it would do
// against any RFC 6749 server. The server's own hooks (its documented way to shape one test)
// make it grant what was asked, refuse reused refresh tokens, or refuse as a test needs.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createLocalJWKSet, jwtVerify } from "jose";
import { type MutableResponse, OAuth2Server, type TokenRequestIncomingMessage } from "oauth2-mock-server";

export type TokenCall = { grantType: string; contentType: string; status: number };
type Refusal = { status: number; body: Record<string, unknown> };

export type OAuthPeer = {
  /** The service's base address, as SERVICE_BASE_URL. */
  url: string;
  server: OAuth2Server;
  /** Every token request the server answered, in order. */
  tokenCalls: TokenCall[];
  /** Every integration status the API was told. */
  statuses: unknown[];
  /** Scopes the server grants, space-separated; undefined: what the client asked for. */
  grant: { scope?: string };
  /** Like a strict RFC 6749 §3.2 server: a token request that is not a form is invalid_request. */
  onlyForm(): void;
  /** The next token requests are answered with this refusal instead. */
  refuseNext(count: number, refusal: Refusal): void;
  /** Adds `iss` to the authorization answer (RFC 9207). */
  answerWithIssuer(iss: string): void;
  /** The API stops accepting every access token issued so far. */
  revokeAccessTokens(): void;
  /** Back to a plain server: no refusals queued, grants what is asked, no calls recorded. */
  reset(): void;
  close(): Promise<void>;
};

export const PEER_ORGANIZATION = { id: "3001", name: "Peer Organization" };

export async function startOAuthPeer(): Promise<OAuthPeer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const front = createServer((req, res) => void route(req, res).catch(() => json(res, 500, { error: "server_error" })));
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  // The server names itself by the service's address: its tokens' `iss`, and RFC 9207's.
  server.issuer.url = url;
  await server.start(0, "127.0.0.1");
  const backend = `http://127.0.0.1:${server.address().port}`;

  const tokenCalls: TokenCall[] = [];
  const statuses: unknown[] = [];
  const grant: { scope?: string } = {};
  const scopeByCode = new Map<string, string>();
  const scopeByRefreshToken = new Map<string, string>();
  const revoked = new Set<string>();
  const issued: string[] = [];
  let strictForm = false;
  const refusals: Refusal[] = [];
  let issuer: string | undefined;

  const service = server.service;
  service.on("beforeAuthorizeRedirect", ({ url: answer }: { url: URL }, req: IncomingMessage) => {
    const asked = new URL(req.url ?? "/", backend).searchParams.get("scope") ?? "";
    const code = answer.searchParams.get("code");
    if (code) scopeByCode.set(code, grant.scope ?? asked);
    if (issuer) answer.searchParams.set("iss", issuer);
  });
  // RFC 6749 §6: a refresh grants what the original grant did, and (here) a refresh token is
  // good once, as the service's are.
  const grantedFor = (req: TokenRequestIncomingMessage): string | undefined => {
    const body = req.body as unknown as Record<string, string | undefined>;
    if (body.grant_type === "authorization_code") return scopeByCode.get(body.code ?? "");
    if (body.grant_type === "refresh_token") return scopeByRefreshToken.get(body.refresh_token ?? "");
    return undefined;
  };
  service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: TokenRequestIncomingMessage) => {
    token.payload.scope = grantedFor(req) ?? "";
    // RS256 is deterministic: without an id, two tokens issued in one second would be equal.
    token.payload.jti = randomUUID();
  });
  service.on("beforeResponse", (response: MutableResponse, req: TokenRequestIncomingMessage) => {
    const body = req.body as unknown as Record<string, string | undefined>;
    const contentType = req.headers["content-type"] ?? "";
    const refusal = refusals.shift();
    const scope = grantedFor(req);
    if (refusal) {
      Object.assign(response, { statusCode: refusal.status, body: refusal.body });
    } else if (strictForm && !contentType.startsWith("application/x-www-form-urlencoded")) {
      response.statusCode = 400;
      response.body = { error: "invalid_request", error_description: "Send the parameters as a form (RFC 6749)" };
    } else if (scope === undefined) {
      response.statusCode = 400;
      response.body = { error: "invalid_grant", error_description: "Unknown or already used code or token" };
    } else if (response.body !== "") {
      response.body.scope = scope;
      scopeByRefreshToken.delete(body.refresh_token ?? "");
      scopeByCode.delete(body.code ?? "");
      scopeByRefreshToken.set(String(response.body.refresh_token), scope);
      issued.push(String(response.body.access_token));
    }
    tokenCalls.push({ grantType: body.grant_type ?? "", contentType, status: response.statusCode });
  });

  const keys = createLocalJWKSet({ keys: server.issuer.keys.toJSON() as never });
  async function bearer(req: IncomingMessage): Promise<string[] | null> {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!token || revoked.has(token)) return null;
    try {
      const { payload } = await jwtVerify(token, keys, { issuer: url });
      return String(payload.scope ?? "").split(" ");
    } catch {
      return null;
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", url);
    const raw = await readAll(req);
    if (path.pathname === "/admin/oauth2/authorize" || path.pathname === "/admin/oauth2/token") {
      const answer = await fetch(`${backend}${path.pathname.replace("/admin/oauth2", "")}${path.search}`, {
        method: req.method,
        headers: req.headers["content-type"] ? { "Content-Type": req.headers["content-type"] } : {},
        body: req.method === "POST" ? new Uint8Array(raw) : undefined,
        redirect: "manual",
      });
      const headers: Record<string, string> = {};
      for (const name of ["content-type", "location"]) {
        const value = answer.headers.get(name);
        if (value) headers[name] = value;
      }
      res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
      return;
    }
    const scopes = await bearer(req);
    if (!scopes) return json(res, 401, { valid: false, errors: ["Unauthorized"] });
    if (!scopes.includes("basic")) return json(res, 403, { valid: false, errors: ["Insufficient scope"] });
    if (req.method === "GET" && path.pathname === "/admin/oauth2/api/v1/details") {
      return json(res, 200, { organization: { id: Number(PEER_ORGANIZATION.id), name: PEER_ORGANIZATION.name } });
    }
    if (req.method === "POST" && path.pathname === "/admin/oauth2/api/v1/integrations/status") {
      statuses.push(JSON.parse(raw.toString("utf8")));
      return json(res, 200, { data: { status: "ok" } });
    }
    json(res, 404, { valid: false, errors: ["Not found"] });
  }

  return {
    url,
    server,
    tokenCalls,
    statuses,
    grant,
    onlyForm: () => void (strictForm = true),
    refuseNext: (count, refusal) => void refusals.push(...Array.from({ length: count }, () => refusal)),
    answerWithIssuer: (iss) => void (issuer = iss),
    revokeAccessTokens: () => issued.forEach((t) => revoked.add(t)),
    reset: () => {
      tokenCalls.length = 0;
      statuses.length = 0;
      refusals.length = 0;
      grant.scope = undefined;
      strictForm = false;
      issuer = undefined;
    },
    close: async () => {
      await server.stop();
      await new Promise<void>((resolve) => (front as Server).close(() => resolve()));
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
