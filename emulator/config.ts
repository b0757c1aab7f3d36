// Configuration of the Playground emulator. The emulator stands in for a separate remote service,
// so it reads its own environment variables and shares nothing with the app's configuration.
import {
  DEFAULT_SETTINGS,
  NOT_FOUND_MODES,
  QUERY_SPLITS_MODES,
  QUERY_SYNC_VERSION_MODES,
  isNotFoundMode,
  isQuerySplitsMode,
  isQuerySyncVersionMode,
  type EmulatorSettings,
  type NotFoundMode,
  type QuerySplitsMode,
  type QuerySyncVersionMode,
} from "./settings";
import { NO_REALISM, realismFromEnv, type Realism } from "./realism/realism";

export type EmulatorConfig = {
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  /** Interface to listen on. Loopback only: this is a development tool. */
  host: string;
  /** The one registered partner application. */
  applicationName: string;
  clientId: string;
  clientSecret: string;
  /** Registered redirect URIs; authorize accepts only an exact string match of one of them. */
  redirectUris: string[];
  /** Lifetime of an authorization code, in seconds. */
  codeTtlSeconds: number;
  /** Whether the `/__emulator/*` test switches are mounted. */
  testSwitches: boolean;
  /** How long one import stays Working before it completes, in milliseconds (tests use 0). */
  importDelayMs: number;
  /** Default of the not-found setting (settings.ts): `notify` or `silent` as the interface says. */
  notFound: NotFoundMode;
  /** Default of the query-splits setting (settings.ts): `shown`, `ignored` or `refused`. */
  querySplits: QuerySplitsMode;
  /** Default of the query-sync-version setting (settings.ts): `shown` or `absent`. */
  querySyncVersion: QuerySyncVersionMode;
  /** Latency, rate limits and import time per row (realism/realism.ts); off by default. */
  realism: Realism;
  /** Clock in milliseconds; tests replace it to expire codes and query tokens without waiting. */
  now: () => number;
};

export const DEFAULT_REDIRECT_URIS = [
  "http://localhost:3000/api/auth/callback/playground",
  "http://127.0.0.1:3000/api/auth/callback/playground",
];

export const DEFAULT_CONFIG: EmulatorConfig = {
  port: 4010,
  host: "127.0.0.1",
  applicationName: "Apportion",
  clientId: "apportion-playground",
  clientSecret: "playground-secret-change-me",
  redirectUris: DEFAULT_REDIRECT_URIS,
  codeTtlSeconds: 60,
  testSwitches: true,
  importDelayMs: 300,
  notFound: DEFAULT_SETTINGS.notFound,
  querySplits: DEFAULT_SETTINGS.querySplits,
  querySyncVersion: DEFAULT_SETTINGS.querySyncVersion,
  realism: NO_REALISM,
  now: () => Date.now(),
};

export function resolveConfig(partial: Partial<EmulatorConfig> = {}): EmulatorConfig {
  const config: EmulatorConfig = { ...DEFAULT_CONFIG, ...partial };
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) {
    throw new Error(`Emulator port must be an integer from 0 to 65535, got ${config.port}`);
  }
  if (!Number.isFinite(config.codeTtlSeconds) || config.codeTtlSeconds <= 0) {
    throw new Error(`Emulator code TTL must be a positive number of seconds, got ${config.codeTtlSeconds}`);
  }
  if (!Number.isInteger(config.importDelayMs) || config.importDelayMs < 0 || config.importDelayMs > 600_000) {
    throw new Error(
      `Emulator import delay must be a whole number of milliseconds up to 600000, got ${config.importDelayMs}`,
    );
  }
  if (!isNotFoundMode(config.notFound)) {
    throw new Error(`Emulator not-found setting must be one of ${NOT_FOUND_MODES.join(", ")}, got ${config.notFound}`);
  }
  if (!isQuerySplitsMode(config.querySplits)) {
    throw new Error(
      `Emulator query-splits setting must be one of ${QUERY_SPLITS_MODES.join(", ")}, got ${config.querySplits}`,
    );
  }
  if (!isQuerySyncVersionMode(config.querySyncVersion)) {
    throw new Error(
      `Emulator query-sync-version setting must be one of ${QUERY_SYNC_VERSION_MODES.join(", ")}, got ${config.querySyncVersion}`,
    );
  }
  if (config.clientId === "" || config.clientSecret === "") {
    throw new Error("Emulator client id and client secret must not be empty");
  }
  if (config.redirectUris.length === 0) {
    throw new Error("Emulator needs at least one registered redirect URI");
  }
  for (const uri of config.redirectUris) {
    // RFC 6749 §3.1.2: a redirection endpoint is an absolute URI without a fragment.
    if (!URL.canParse(uri) || uri.includes("#")) {
      throw new Error(`Emulator redirect URI is not an absolute URL without a fragment: ${uri}`);
    }
  }
  return config;
}

/** Reads EMULATOR_* variables; anything unset keeps its default. Invalid values fail fast. */
export function configFromEnv(env: NodeJS.ProcessEnv): EmulatorConfig {
  const partial: Partial<EmulatorConfig> = {};
  if (env.EMULATOR_PORT) partial.port = parseInteger("EMULATOR_PORT", env.EMULATOR_PORT);
  if (env.EMULATOR_CLIENT_ID) partial.clientId = env.EMULATOR_CLIENT_ID;
  if (env.EMULATOR_CLIENT_SECRET) partial.clientSecret = env.EMULATOR_CLIENT_SECRET;
  if (env.EMULATOR_REDIRECT_URIS) {
    partial.redirectUris = env.EMULATOR_REDIRECT_URIS.split(",")
      .map((uri) => uri.trim())
      .filter((uri) => uri !== "");
  }
  if (env.EMULATOR_CODE_TTL_SECONDS) {
    partial.codeTtlSeconds = parseInteger("EMULATOR_CODE_TTL_SECONDS", env.EMULATOR_CODE_TTL_SECONDS);
  }
  if (env.EMULATOR_IMPORT_DELAY_MS) {
    partial.importDelayMs = parseInteger("EMULATOR_IMPORT_DELAY_MS", env.EMULATOR_IMPORT_DELAY_MS);
  }
  if (env.EMULATOR_NOT_FOUND)
    partial.notFound = parseChoice("EMULATOR_NOT_FOUND", env.EMULATOR_NOT_FOUND, NOT_FOUND_MODES);
  if (env.EMULATOR_QUERY_SPLITS) {
    partial.querySplits = parseChoice("EMULATOR_QUERY_SPLITS", env.EMULATOR_QUERY_SPLITS, QUERY_SPLITS_MODES);
  }
  if (env.EMULATOR_QUERY_SYNC_VERSION) {
    partial.querySyncVersion = parseChoice(
      "EMULATOR_QUERY_SYNC_VERSION",
      env.EMULATOR_QUERY_SYNC_VERSION,
      QUERY_SYNC_VERSION_MODES,
    );
  }
  partial.realism = realismFromEnv(env);
  if (env.EMULATOR_TEST_SWITCHES !== undefined) partial.testSwitches = env.EMULATOR_TEST_SWITCHES !== "0";
  return resolveConfig(partial);
}

/** The behaviour settings a reset restores: the configured defaults. */
export function configuredSettings(config: EmulatorConfig): EmulatorSettings {
  return {
    notFound: config.notFound,
    querySplits: config.querySplits,
    querySyncVersion: config.querySyncVersion,
    service: { ...DEFAULT_SETTINGS.service },
  };
}

function parseChoice<T extends string>(name: string, value: string, choices: readonly T[]): T {
  const choice = choices.find((c) => c === value.trim());
  if (choice === undefined) throw new Error(`${name} must be one of ${choices.join(", ")}, got "${value}"`);
  return choice;
}

function parseInteger(name: string, value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new Error(`${name} must be a whole number, got "${value}"`);
  return Number(value.trim());
}
