// Behaviour settings: how closely the emulator follows the interface where the app's tests need
// both the interface's behaviour and a more talkative or less capable service. Defaults come
// from the configuration (EMULATOR_NOT_FOUND, EMULATOR_QUERY_SPLITS, EMULATOR_QUERY_SYNC_VERSION);
// POST /__emulator/settings
// changes them at run time and a reset restores the configured ones. See the README.
import { z } from "zod";

/**
 * A split row whose transaction is not found (interface §2.3 rule 5, §7).
 * `notify`: dropped with a `transaction_not_found` notification (the emulator's long-standing
 * behaviour, more than the interface promises). `silent`: dropped "with no other shown effect",
 * as the interface says.
 */
export const NOT_FOUND_MODES = ["notify", "silent"] as const;
export type NotFoundMode = (typeof NOT_FOUND_MODES)[number];

/**
 * Whether the transactions query can show a gift's splits (`include: ["splits"]`).
 * `shown`: it can. `ignored`: `include` is accepted and has no effect, as a service that ignores
 * what it does not know. `refused`: `include` is an unknown field (400), as a strict service.
 */
export const QUERY_SPLITS_MODES = ["shown", "ignored", "refused"] as const;
export type QuerySplitsMode = (typeof QUERY_SPLITS_MODES)[number];

/**
 * Whether the transactions query's results carry `sync_version` (a column the issue names and the
 * facts do not describe). `shown`: every result has it. `absent`: no result has the key, as a
 * service without such a counter would answer; an app must then not trust a changes-only read.
 */
export const QUERY_SYNC_VERSION_MODES = ["shown", "absent"] as const;
export type QuerySyncVersionMode = (typeof QUERY_SYNC_VERSION_MODES)[number];

/**
 * Where the service's documents are silent the emulator chose; each of these answers differently
 * from that choice (the first value is the default), so the service probe's "differs" paths
 * (npm run service:probe) can be tried. Set at run time only; a reset restores the first.
 */
export const SERVICE_ANSWERS = {
  /** `dropped`: the authorize redirect carries no `state`. */
  state: ["echoed", "dropped"],
  /** `ignored`: a code_verifier is never checked. `refused`: sending one is an invalid_request. */
  pkce: ["checked", "ignored", "refused"],
  /** `no_refresh_token`: the code exchange answers without refresh_token, as the documented shape. */
  initial_token: ["with_refresh_token", "no_refresh_token"],
  /**
   * `no_refresh_token`: a refresh answers without refresh_token (RFC 6749 §6 allows it) and the
   * refresh token sent stays valid.
   */
  refresh_answer: ["with_refresh_token", "no_refresh_token"],
  /** `top_level`: GET /details answers { id, name } with no `organization` object. */
  details: ["organization", "top_level"],
  /** `missing`: POST /integrations/status is not found (404). */
  integration_status: ["answered", "missing"],
  /** `no_token`: the transactions query says has_more but gives no query_token. */
  query_paging: ["query_token", "no_token"],
  /** `other`: imports read Queued / Running / Done instead of Pending / Working / Complete. */
  import_statuses: ["documented", "other"],
  /** `notifications`: the imports listing lives at /imports/notifications instead of /imports/list. */
  imports_listing: ["list", "notifications"],
  /** `form`: a refresh must be form-encoded (JSON is an invalid_request). `both`: either is taken. */
  refresh_body: ["json", "form", "both"],
  /** `unauthorized`: a refused refresh is 401 { valid: false, errors } instead of 400 invalid_grant. */
  refused_refresh: ["invalid_grant", "unauthorized"],
} as const;

export type ServiceAnswers = { -readonly [K in keyof typeof SERVICE_ANSWERS]: (typeof SERVICE_ANSWERS)[K][number] };

export const DEFAULT_SERVICE_ANSWERS = Object.fromEntries(
  Object.entries(SERVICE_ANSWERS).map(([key, values]) => [key, values[0]]),
) as ServiceAnswers;

export type EmulatorSettings = {
  notFound: NotFoundMode;
  querySplits: QuerySplitsMode;
  querySyncVersion: QuerySyncVersionMode;
  service: ServiceAnswers;
};

export const DEFAULT_SETTINGS: EmulatorSettings = {
  notFound: "notify",
  querySplits: "shown",
  querySyncVersion: "shown",
  service: DEFAULT_SERVICE_ANSWERS,
};

const serviceFields = Object.fromEntries(
  Object.entries(SERVICE_ANSWERS).map(([key, values]) => [key, z.enum(values).optional()]),
) as unknown as { [K in keyof ServiceAnswers]: z.ZodOptional<z.ZodEnum<{ [V in ServiceAnswers[K]]: V }>> };

/** Each call states the whole setting: what the body leaves out returns to its configured default. */
export const SettingsBody = z
  .object({
    not_found: z.enum(NOT_FOUND_MODES).optional(),
    query_splits: z.enum(QUERY_SPLITS_MODES).optional(),
    query_sync_version: z.enum(QUERY_SYNC_VERSION_MODES).optional(),
    ...serviceFields,
  })
  .strict();

export function settingsFromBody(body: z.infer<typeof SettingsBody>, defaults: EmulatorSettings): EmulatorSettings {
  const { not_found: notFound, query_splits: querySplits, query_sync_version: querySyncVersion, ...service } = body;
  const answers = { ...defaults.service };
  for (const [key, value] of Object.entries(service)) {
    if (value !== undefined) (answers as Record<string, string>)[key] = value;
  }
  return {
    notFound: notFound ?? defaults.notFound,
    querySplits: querySplits ?? defaults.querySplits,
    querySyncVersion: querySyncVersion ?? defaults.querySyncVersion,
    service: answers,
  };
}

export function settingsJson(settings: EmulatorSettings) {
  return {
    not_found: settings.notFound,
    query_splits: settings.querySplits,
    query_sync_version: settings.querySyncVersion,
    ...settings.service,
  };
}

export function isNotFoundMode(value: string): value is NotFoundMode {
  return (NOT_FOUND_MODES as readonly string[]).includes(value);
}

export function isQuerySplitsMode(value: string): value is QuerySplitsMode {
  return (QUERY_SPLITS_MODES as readonly string[]).includes(value);
}

export function isQuerySyncVersionMode(value: string): value is QuerySyncVersionMode {
  return (QUERY_SYNC_VERSION_MODES as readonly string[]).includes(value);
}
