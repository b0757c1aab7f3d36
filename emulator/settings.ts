// Behaviour settings: how closely the emulator follows the interface where the app's tests need
// both the interface's behaviour and a more talkative or less capable service. Defaults come
// from the configuration (EMULATOR_NOT_FOUND, EMULATOR_QUERY_SPLITS); POST /__emulator/settings
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

export type EmulatorSettings = { notFound: NotFoundMode; querySplits: QuerySplitsMode };

export const DEFAULT_SETTINGS: EmulatorSettings = { notFound: "notify", querySplits: "shown" };

/** Each call states the whole setting: what the body leaves out returns to its configured default. */
export const SettingsBody = z
  .object({
    not_found: z.enum(NOT_FOUND_MODES).optional(),
    query_splits: z.enum(QUERY_SPLITS_MODES).optional(),
  })
  .strict();

export function settingsFromBody(body: z.infer<typeof SettingsBody>, defaults: EmulatorSettings): EmulatorSettings {
  return { notFound: body.not_found ?? defaults.notFound, querySplits: body.query_splits ?? defaults.querySplits };
}

export function settingsJson(settings: EmulatorSettings) {
  return { not_found: settings.notFound, query_splits: settings.querySplits };
}

export function isNotFoundMode(value: string): value is NotFoundMode {
  return (NOT_FOUND_MODES as readonly string[]).includes(value);
}

export function isQuerySplitsMode(value: string): value is QuerySplitsMode {
  return (QUERY_SPLITS_MODES as readonly string[]).includes(value);
}
