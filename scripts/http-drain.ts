// The drain of `npm start`'s HTTP server (scripts/serve.ts), step by step once a stop begins
// (lib/worker/shutdown.ts calls drain(); readiness has answered 503 since the signal):
//  1. for `delayMs` (DRAIN_DELAY_MS) it goes on serving as before, so the load balancer's next
//     readiness checks see the 503 and it stops sending here while nothing is refused;
//  2. it stops accepting connections, closes the idle keep-alive ones, and every response from
//     then on carries `Connection: close`, so a client's kept-alive connection ends after its answer;
//  3. requests in flight finish, until `deadlineMs` (SHUTDOWN_DEADLINE_MS) at most, after which the
//     connections left are closed (the answer says how many requests that cut).
// Without it, `next start` exited with requests in flight: each was reset, and a rolling restart failed requests.
import type { IncomingMessage, Server, ServerResponse } from "node:http";

export type DrainReport = { inTime: boolean; unfinished: number };
export type DrainTiming = { delayMs: number; deadlineMs: number };

export type Drainable = {
  /** Call first thing for every request. */
  track: (req: IncomingMessage, res: ServerResponse) => void;
  drain: (timing: DrainTiming) => Promise<DrainReport>;
  inFlight: () => number;
};

export function drainable(server: Server): Drainable {
  const open = new Set<ServerResponse>();
  let closing = false;
  let settled: (() => void) | undefined;

  const track = (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) res.shouldKeepAlive = false;
    open.add(res);
    res.once("close", () => {
      open.delete(res);
      if (closing) server.closeIdleConnections();
      if (open.size === 0) settled?.();
    });
  };

  const drain = async ({ delayMs, deadlineMs }: DrainTiming): Promise<DrainReport> => {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    closing = true;
    // An answer not yet begun ends its connection; one already begun is left to finish.
    for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      new Promise<boolean>((resolve) => {
        settled = () => resolve(true);
        if (open.size === 0) resolve(true);
      }),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), deadlineMs))),
    ]);
    clearTimeout(timer);
    const unfinished = open.size;
    server.closeAllConnections();
    await closed;
    return { inTime, unfinished };
  };

  return { track, drain, inFlight: () => open.size };
}
