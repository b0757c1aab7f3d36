// Faults below HTTP: a dropped connection and a request that is never answered. They need the
// Node socket under the request, which @hono/node-server passes to the app as c.env.incoming.
import { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";

/** A hanging request is cut after this, so a client without a timeout never leaks a connection. */
export const HANG_LIMIT_MS = 60_000;

/**
 * Tells @hono/node-server to write nothing: the socket is gone (or about to be), and any answer
 * written now would only be an error in its log.
 */
export const NO_ANSWER = RESPONSE_ALREADY_SENT;

/** The request's TCP socket, or null when the app runs without Node bindings (app.request). */
export function socketOf(env: unknown): Socket | null {
  if (typeof env !== "object" || env === null || !("incoming" in env)) return null;
  const { incoming } = env;
  return incoming instanceof IncomingMessage ? incoming.socket : null;
}

/**
 * Drops the connection with a TCP RST, so the client sees ECONNRESET rather than a tidy close it
 * could mistake for the end of an answer.
 */
export function resetConnection(socket: Socket): void {
  if (socket.destroyed) return;
  socket.resetAndDestroy();
}

/**
 * Resolves once the socket is closed: by the client giving up, by the server's close() (which
 * destroys every connection), or by this function after `limitMs`.
 */
export function holdConnection(socket: Socket, limitMs = HANG_LIMIT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve();
    const timer = setTimeout(() => socket.destroy(), limitMs);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Without a socket (in-process requests), a hang lasts until the request is aborted or the limit. */
export function holdRequest(signal: AbortSignal, limitMs = HANG_LIMIT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, limitMs);
    timer.unref();
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
