// The one way this app talks to the service's API: bearer token, JSON, a timeout, zod-parsed
// answers, typed errors and the retry policy. Knows nothing of the database or React.
import "server-only";
import type { z } from "zod";
import { ServiceApiError, ServiceNetworkError, ServiceResponseError } from "./errors";
import { observeServiceCall, observeServiceFailure, operationOf } from "./observer";
import { NO_RETRY, parseRetryAfter, type RetryPolicy, withRetry } from "./retry";
import { apiErrorSchema } from "./schemas";

export type ServiceTarget = {
  baseUrl: string;
  /** Where the imports listing lives (the interface does not show it); default /imports/list. */
  importsListPath?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Runs each attempt of a call: the connection's adaptive limit (adaptive-limit.ts). */
  gate?: <T>(attempt: () => Promise<T>, options: { patient: boolean }) => Promise<T>;
};

const DEFAULT_TIMEOUT_MS = 15_000;

type ApiCall<S extends z.ZodType> = {
  method: "GET" | "POST";
  path: string;
  accessToken: string;
  body?: unknown;
  schema: S;
  retry?: RetryPolicy;
  /** A read: a 429 is waited out by the connection's limit instead of reaching the caller. */
  patient?: boolean;
};

export function apiRequest<S extends z.ZodType>(target: ServiceTarget, call: ApiCall<S>): Promise<z.infer<S>> {
  const policy = call.retry ?? NO_RETRY;
  let tries = 0;
  // Every failed attempt is reported (the app logs it): which call, how it failed, whether again.
  const attempt = async () => {
    const number = ++tries;
    try {
      return await once(target, call);
    } catch (error) {
      reportFailure(call, number, policy, error);
      throw error;
    }
  };
  const gated = () => (target.gate ? target.gate(attempt, { patient: call.patient === true }) : attempt());
  return withRetry(gated, policy);
}

function reportFailure(call: ApiCall<z.ZodType>, attempt: number, policy: RetryPolicy, error: unknown): void {
  if (!(error instanceof Error)) return;
  const status =
    error instanceof ServiceApiError
      ? String(error.status)
      : error instanceof ServiceNetworkError
        ? error.timedOut
          ? "timeout"
          : "network"
        : "unexpected";
  // A patient call's 429 is waited out by the connection's limit (adaptive-limit.ts).
  const waitedOut = call.patient === true && error instanceof ServiceApiError && error.status === 429;
  const retrying = waitedOut || (attempt < policy.attempts && (error as { retryable?: boolean }).retryable === true);
  observeServiceFailure({ method: call.method, operation: operationOf(call.path), status, attempt, retrying, error });
}

async function once<S extends z.ZodType>(target: ServiceTarget, call: ApiCall<S>): Promise<z.infer<S>> {
  const response = await send(target, `/admin/oauth2/api/v1${call.path}`, {
    method: call.method,
    headers: {
      Authorization: `Bearer ${call.accessToken}`,
      "Content-Type": "application/json",
      Accept: "application/json",
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const payload = await readJson(response);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    throw new ServiceApiError(
      response.status,
      parsed.success ? (parsed.data.errors ?? []) : [],
      response.status === 429 || response.status >= 500,
      parseRetryAfter(response.headers.get("retry-after")),
    );
  }
  // A 200 that carries {"valid": false, "errors": [...]} is a refusal all the same.
  const refusal = apiErrorSchema.safeParse(payload);
  if (refusal.success && refusal.data.valid === false) {
    throw new ServiceApiError(response.status, refusal.data.errors ?? [], false);
  }
  const parsed = call.schema.safeParse(payload);
  if (!parsed.success) {
    throw new ServiceResponseError(`Unexpected answer from ${call.method} ${call.path}`);
  }
  return parsed.data;
}

/** fetch with a timeout; network failures become ServiceNetworkError. */
export async function send(target: ServiceTarget, path: string, init: RequestInit): Promise<Response> {
  const doFetch = target.fetch ?? fetch;
  const started = performance.now();
  const observe = (status: string) =>
    observeServiceCall({
      method: init.method ?? "GET",
      operation: operationOf(path),
      status,
      durationMs: performance.now() - started,
    });
  try {
    const response = await doFetch(`${target.baseUrl}${path}`, {
      ...init,
      redirect: "manual",
      cache: "no-store",
      signal: AbortSignal.timeout(target.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    observe(String(response.status));
    return response;
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    observe(timedOut ? "timeout" : "network");
    const reason = timedOut ? "timed out" : "could not be reached";
    throw new ServiceNetworkError(`The service ${reason} (${init.method ?? "GET"} ${operationOf(path)})`, timedOut);
  }
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
