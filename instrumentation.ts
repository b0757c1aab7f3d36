// Runs once when the server starts: validates configuration (a missing or malformed variable
// stops start-up with a message naming it), counts every call to the service in the metrics, has
// every complete sync run propose templates to its new gifts (lib/templates/after-sync.ts), then
// starts the worker in this process, on its own database pool, unless APPORTION_WORKER=0
// (lib/worker/worker.ts says why it lives here by default). In `npm start`'s server
// (scripts/serve.ts, which holds the HTTP server to drain), or when scripts/launch.ts hands
// `next dev` the stop signals (NEXT_MANUAL_SIG_HANDLE), SIGTERM/SIGINT stop it gracefully
// (lib/worker/shutdown.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // In production every line is JSON: console output (Next.js's own) goes through the log.
  if (process.env.NODE_ENV === "production") (await import("./lib/log")).routeConsoleToLog();
  const { getEnv } = await import("./lib/env");
  const { installServiceMetrics } = await import("./lib/metrics/service-calls");
  installServiceMetrics();
  // A sync a request runs (page open, Refresh) proposes templates to its new gifts, as the worker's do.
  (await import("./lib/templates/after-sync")).matchTemplatesAfterSync();
  // On a pool of its own (lib/worker/own-pool.ts): the worker never takes the requests' connections.
  const worker =
    getEnv().APPORTION_WORKER === "0" ? undefined : (await import("./lib/worker/own-pool")).startWorkerOnOwnPool();
  const { servingHttp, stopOnSignals } = await import("./lib/worker/shutdown");
  if (process.env.NEXT_MANUAL_SIG_HANDLE || servingHttp()) stopOnSignals({ worker });
}
