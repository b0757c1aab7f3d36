// Configuration of the Playground emulator. The emulator stands in for a separate remote service,
// so it reads its own environment variables and shares nothing with the app's configuration.

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
  if (env.EMULATOR_TEST_SWITCHES !== undefined) partial.testSwitches = env.EMULATOR_TEST_SWITCHES !== "0";
  return resolveConfig(partial);
}

function parseInteger(name: string, value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new Error(`${name} must be a whole number, got "${value}"`);
  return Number(value.trim());
}
