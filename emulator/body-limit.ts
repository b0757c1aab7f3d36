// One limit on request bodies for every route (issue 31, item 7), set before any route reads one.
// Hono's bodyLimit refuses a declared length over it unread and counts a chunked body as it
// arrives, answering 413 as soon as the count passes the limit; the Node adapter then drains at
// most 64 MB of what the client still sends, for half a second, and closes the connection.
import { bodyLimit } from "hono/body-limit";

/**
 * The largest body any route takes. An import (the largest) of 100 rows of a few hundred bytes
 * each is some 50 kB; token requests, consent forms and the test switches are a few hundred
 * bytes. 1 MiB leaves room for all and stops a runaway body while it streams.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

export const bodyLimitMiddleware = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  // The API's refusal shape, on every route: a client that cannot send the body reads why.
  onError: (c) => c.json({ valid: false, errors: [`The request body is larger than ${MAX_BODY_BYTES} bytes`] }, 413),
});
