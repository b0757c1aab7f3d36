// Addresses and credentials of the end-to-end run. The secrets are test values, nothing else.
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseUrl } from "../support/database";

// Overridable, so two checkouts on one machine can run their suites side by side.
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
export const EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 4110);
export const APP_URL = `http://localhost:${APP_PORT}`;
export const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;
export const E2E_DATABASE = process.env.E2E_DATABASE ?? "apportion_e2e";

export const CLIENT_ID = "apportion-e2e";
export const CLIENT_SECRET = "e2e-client-secret-4b1d7c2e9a";
export const AUTH_SECRET = "e2e-auth-secret-0c8f3a6d1e9b4f27a5c3d8e1";
export const TOKEN_KEY = `e2e1:${Buffer.alloc(32, 42).toString("base64")}`;
export const METRICS_TOKEN = "e2e-metrics-token-5d2a9c7e1f3b";

/** Everything the app server writes (stdout and stderr), kept for tests/e2e/app-log.ts's checks. */
export const APP_LOG = path.join(tmpdir(), `apportion-${E2E_DATABASE}-app.log`);

export const appEnv = {
  NODE_ENV: "production",
  PORT: String(APP_PORT),
  SERVICE_ENVIRONMENT: "playground",
  SERVICE_BASE_URL: EMULATOR_URL,
  SERVICE_CLIENT_ID: CLIENT_ID,
  SERVICE_CLIENT_SECRET: CLIENT_SECRET,
  NEXTAUTH_URL: APP_URL,
  NEXTAUTH_SECRET: AUTH_SECRET,
  TOKEN_ENCRYPTION_KEYS: TOKEN_KEY,
  DATABASE_URL: databaseUrl(E2E_DATABASE),
  NEXT_TELEMETRY_DISABLED: "1",
  // A small attempt budget, so "needs attention" is reached in seconds.
  OUTBOX_MAX_ATTEMPTS: "3",
  OUTBOX_BACKOFF_MS: "100",
  METRICS_TOKEN,
  // Nothing balances the suite's one app: it stops accepting at once on SIGTERM.
  DRAIN_DELAY_MS: "0",
};

export const emulatorEnv = {
  EMULATOR_PORT: String(EMULATOR_PORT),
  EMULATOR_CLIENT_ID: CLIENT_ID,
  EMULATOR_CLIENT_SECRET: CLIENT_SECRET,
  EMULATOR_REDIRECT_URIS: `${APP_URL}/api/auth/callback/playground`,
};
