// The Content-Security-Policy of every page: scripts only with this request's nonce (Next.js puts
// it on its own scripts when the request carries the policy, see proxy.ts), no 'unsafe-inline'
// for scripts, nothing from another origin. Styles keep 'unsafe-inline': React writes style
// attributes, which a nonce cannot cover, and a style cannot run code.
import { randomBytes } from "node:crypto";

/** 128 random bits, base64: unguessable, and new for every request. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export function pagePolicy(nonce: string, options: { dev: boolean }): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': a script the page trusts may load the chunks it needs; 'self' and the
    // nonce alone would also let any same-origin file run as a script. Dev mode needs eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${options.dev ? " ws:" : ""}`,
    // The CSV reader is a Web Worker served from this origin.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For route handlers (JSON, CSV) and for requests that never reach proxy.ts: nothing may run
 *  or be framed. */
export const LOCKED_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
