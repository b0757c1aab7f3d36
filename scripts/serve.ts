// `npm start`'s web server: Next.js's documented custom server (next() on node:http), so this
// process holds its HTTP server and can drain it on a stop (scripts/http-drain.ts); `next start`
// gave no hold on it and reset every request in flight. Started by scripts/launch.ts in a process
// group of its own; signals are handled by lib/worker/shutdown.ts (installed from
// instrumentation.ts), which calls the drain registered here before the worker's pool and the
// web's close. Next.js's own request handling is the same as `next start` (its router server).
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import pino from "pino";
import { processSlot } from "../lib/process-slot";
import { drainable } from "./http-drain";

(process.env as Record<string, string>).NODE_ENV = "production";
// next is loaded only now, so that it reads NODE_ENV as production.
const { default: next } = await import("next");

const log = pino({ messageKey: "event", timestamp: pino.stdTimeFunctions.isoTime });
const port = Number(process.env.PORT ?? 3000);

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
let handlerReady: (handler: Handler) => void = () => {};
// Requests that arrive while Next.js prepares wait for it, as with `next start`.
const handler = new Promise<Handler>((resolve) => (handlerReady = resolve));

const server = createServer((req, res) => {
  drain.track(req, res);
  void handler
    .then((handle) => handle(req, res))
    .catch((error: unknown) => {
      log.error({ error: error instanceof Error ? error.message : String(error) }, "http.request_failed");
      if (!res.headersSent) res.writeHead(500).end("Internal Server Error");
    });
});
const drain = drainable(server);

// lib/worker/shutdown.ts reads it from globalThis (Next.js loads lib/ in bundles of its own).
processSlot<typeof drain.drain>("apportionHttpDrain").set(drain.drain);

await new Promise<void>((resolve, reject) => {
  server.once("error", reject);
  server.listen(port, () => resolve());
});
const address = server.address();
const actualPort = typeof address === "object" && address ? address.port : port;
const app = next({ dev: false, dir: process.cwd(), hostname: "localhost", port: actualPort });
await app.prepare();
processSlot<() => Promise<void>>("apportionNextClose").set(() => app.close());
handlerReady(app.getRequestHandler());
log.info({ port: actualPort }, "server.listening");

// The launcher is this process's only supervisor here (a process group of its own, so a signal to
// the launcher's group does not reach it). Should the launcher die without stopping it (SIGKILL,
// a crash), this process would serve on unowned, holding its port and database sessions: it stops
// itself the way a SIGTERM would, through the drain.
const launcher = process.ppid;
const orphanWatch = setInterval(() => {
  if (process.ppid === launcher) return;
  clearInterval(orphanWatch);
  log.warn({ launcher }, "server.orphaned");
  process.kill(process.pid, "SIGTERM");
}, 1_000).unref();
