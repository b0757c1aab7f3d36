// Retry only what may succeed later: 429, 5xx and network failures, with exponential backoff,
// full jitter, the service's Retry-After when it sends one, and a cap on attempts and delay.
import "server-only";

export type RetryPolicy = {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 250, maxDelayMs: 5_000 };
export const NO_RETRY: RetryPolicy = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 };

type Retryable = { retryable: boolean; retryAfterSeconds?: number };

function isRetryable(error: unknown): error is Retryable {
  return typeof error === "object" && error !== null && (error as Retryable).retryable === true;
}

export function retryDelayMs(error: unknown, attempt: number, policy: RetryPolicy, random = Math.random): number {
  return backoffMs(attempt, policy, isRetryable(error) ? error.retryAfterSeconds : undefined, random);
}

/**
 * The one backoff of the app (direct calls here, the outbox's batches in lib/outbox/deliver.ts): the
 * service's Retry-After when it sent one, else exponential with full jitter; capped either way.
 */
export function backoffMs(
  attempt: number,
  policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs">,
  retryAfterSeconds?: number,
  random = Math.random,
): number {
  if (retryAfterSeconds !== undefined) return Math.min(retryAfterSeconds * 1000, policy.maxDelayMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}

export async function withRetry<T>(
  fn: () => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= policy.attempts || !isRetryable(error)) throw error;
      await sleep(retryDelayMs(error, attempt, policy));
    }
  }
}

/** Retry-After as seconds (RFC 9110 §10.2.3: delay-seconds or an HTTP date). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
