// The one error type whose message is safe to show to the admin. Anything else that escapes
// is logged and answered with a generic message.
import "server-only";

export type AppErrorCode =
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "invalid_input"
  | "payload_too_large"
  | "connection_disabled"
  | "connection_needs_reconnect"
  | "service_unavailable"
  | "service_rejected";

const STATUS: Record<AppErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid_input: 422,
  payload_too_large: 413,
  connection_disabled: 409,
  connection_needs_reconnect: 409,
  service_unavailable: 503,
  service_rejected: 502,
};

export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** What it stands for (a service's refusal, a network failure): logged, never shown. */
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get status(): number {
    return STATUS[this.code];
  }
}
