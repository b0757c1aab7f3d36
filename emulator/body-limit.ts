// One limit on request bodies for every route, so no route holds an unbounded body, set before any route reads one.
// A declared length over it is refused unread; a chunked body is counted as it arrives and
// refused with 413 the moment the count passes the limit, so at most the limit is ever held. The
// Node adapter then drains at most 64 MB of what the client still sends, for half a second, and
// closes the connection. Hono's own bodyLimit does the same but rebuilds the request from the
// adapter's lightweight one, which undici's Request refuses when the adapter does not replace the
// globals (server.ts): every chunked body under the limit answered 500. Here the request is
// rebuilt from its URL, method, headers and signal instead.
import type { Context, MiddlewareHandler } from "hono";

/**
 * The largest body any route takes. An import (the largest) of 100 rows of a few hundred bytes
 * each is some 50 kB; token requests, consent forms and the test switches are a few hundred
 * bytes. 1 MiB leaves room for all and stops a runaway body while it streams.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

// The API's refusal shape, on every route: a client that cannot send the body reads why. The rest
// of the body is not read, so the connection closes after the answer (RFC 9112 §9.6), and the
// client knows not to send its next request on it.
const tooLarge = (c: Context) =>
  c.json({ valid: false, errors: [`The request body is larger than ${MAX_BODY_BYTES} bytes`] }, 413, {
    Connection: "close",
  });

export const bodyLimitMiddleware: MiddlewareHandler = async (c, next) => {
  const raw = c.req.raw;
  if (raw.body === null) return next();
  const declared = raw.headers.get("content-length");
  if (declared !== null && !raw.headers.has("transfer-encoding")) {
    return Number(declared) > MAX_BODY_BYTES ? tooLarge(c) : next();
  }
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Not cancelled: cancelling would destroy the socket before the 413 is written.
    if (size > MAX_BODY_BYTES) return tooLarge(c);
    chunks.push(value);
  }
  const headers = new Headers(raw.headers);
  headers.delete("transfer-encoding");
  headers.set("content-length", String(size));
  c.req.raw = new Request(raw.url, {
    method: raw.method,
    headers,
    body: size === 0 ? null : Buffer.concat(chunks, size),
    signal: raw.signal,
  });
  return next();
};
