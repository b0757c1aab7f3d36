// Assembles the emulator: a Hono app over in-memory state, and a Node HTTP server around it.
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { bodyLimitMiddleware } from "./body-limit";
import { configuredSettings, resolveConfig, type EmulatorConfig } from "./config";
import { adminIntegrationRoutes } from "./routes/admin-integrations";
import { apiRoutes } from "./routes/api";
import { authorizeRoutes } from "./routes/authorize";
import { faultInjection } from "./routes/faults";
import { realismMiddleware } from "./realism/middleware";
import { realismRoutes } from "./realism/realism-routes";
import { largeOrganizationRoutes } from "./routes/large-organization";
import { healthRoute, testSwitchRoutes } from "./routes/test-switches";
import { testViewRoutes } from "./routes/test-views";
import { tokenRoutes } from "./routes/token";
import { createState, type EmulatorState } from "./state";
import { pruneQueryTokens, QUERY_TOKEN_SWEEP_MS } from "./transactions-query";

export type { EmulatorConfig } from "./config";
export type { EmulatorState } from "./state";

export type Emulator = { app: Hono; state: EmulatorState; config: EmulatorConfig };

export type RunningEmulator = {
  /** Base URL, e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  port: number;
  state: EmulatorState;
  config: EmulatorConfig;
  close(): Promise<void>;
};

export function createEmulator(config?: Partial<EmulatorConfig>): Emulator {
  const resolved = resolveConfig(config);
  const state = createState(configuredSettings(resolved));
  const deps = { config: resolved, state };
  const app = new Hono();

  // The body limit first, on every route, switches included: a front door refuses a runaway body
  // before anything reads it. Then realism (latency, rate limits): the network and its limits.
  app.use("*", bodyLimitMiddleware);
  app.use("*", realismMiddleware(deps));
  app.use("*", faultInjection(state));
  app.route("/", healthRoute());
  if (resolved.testSwitches) {
    app.route("/", testSwitchRoutes(deps));
    app.route("/", testViewRoutes(deps));
    app.route("/", largeOrganizationRoutes(deps));
    app.route("/", realismRoutes(deps));
  }
  app.route("/", authorizeRoutes(deps));
  app.route("/", tokenRoutes(deps));
  app.route("/", apiRoutes(deps));
  app.route("/", adminIntegrationRoutes(deps));

  app.notFound((c) => c.json({ valid: false, errors: [`Not found: ${c.req.method} ${c.req.path}`] }, 404));
  // Never leak internals: the emulator plays a remote service, whose stack traces nobody sees.
  app.onError((error, c) => {
    console.error("[emulator] unexpected error:", error);
    return c.json({ valid: false, errors: ["Internal server error"] }, 500);
  });

  return { app, state, config: resolved };
}

export async function startEmulator(config?: Partial<EmulatorConfig>): Promise<RunningEmulator> {
  const emulator = createEmulator(config);
  // overrideGlobalObjects: false, so that running in a test process leaves its Request/Response alone.
  const listener = getRequestListener(emulator.app.fetch, { overrideGlobalObjects: false });
  // The listener answers its own errors (500); node's server only needs it started.
  const server = createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(emulator.config.port, emulator.config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Expired query snapshots go even when no query comes to prune them (memory, not behaviour).
  const sweep = setInterval(
    () => pruneQueryTokens(emulator.state.queryTokens, emulator.config.now()),
    QUERY_TOKEN_SWEEP_MS,
  );
  sweep.unref();
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("Emulator is not listening on TCP");
  const { port } = address;
  return {
    url: `http://${emulator.config.host}:${port}`,
    port,
    state: emulator.state,
    config: emulator.config,
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(sweep);
        // Keep-alive connections would otherwise hold close() open for seconds.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
