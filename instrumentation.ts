// Runs once when the server starts: validates configuration (a missing or malformed variable
// stops start-up with a message naming it), then starts the outbox worker in this process unless
// APPORTION_WORKER=0 (see lib/outbox/worker.ts for why it lives here by default).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("./lib/env");
  if (getEnv().APPORTION_WORKER === "0") return;
  const { startWorker } = await import("./lib/outbox/worker");
  startWorker();
}
