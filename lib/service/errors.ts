// Typed failures of the service. Messages never contain tokens, secrets or response bodies
// that could carry them; the body is kept separately for the caller's decisions.
import "server-only";

export const DISABLED_INTEGRATION = "Disabled integration";

/** An API call (not the token endpoint) that did not succeed. */
export class ServiceApiError extends Error {
  override name = "ServiceApiError";
  constructor(
    readonly status: number,
    /** The service's `errors` array when it sent one. */
    readonly errors: readonly string[],
    readonly retryable: boolean,
    /** Seconds the service asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`The service answered ${status}${errors.length ? `: ${errors.join("; ")}` : ""}`);
  }

  /** The service's documented answer once the organization disconnected the app. */
  get disabledIntegration(): boolean {
    return this.errors.some((e) => e.toLowerCase().includes(DISABLED_INTEGRATION.toLowerCase()));
  }

  /** A token the service no longer accepts, for a reason other than a disabled integration. */
  get tokenRejected(): boolean {
    return this.status === 401 && !this.disabledIntegration;
  }
}

/** The service could not be reached, or did not answer in time. */
export class ServiceNetworkError extends Error {
  override name = "ServiceNetworkError";
  readonly retryable = true;
  constructor(
    message: string,
    /** No answer within the timeout (rather than no connection at all). */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** The service answered, but not in the shape the interface documents. */
export class ServiceResponseError extends Error {
  override name = "ServiceResponseError";
  readonly retryable = false;
}

/** OAuth error codes that say "later", not "no" (RFC 6749 §4.1.2.1 lists them for the
 *  authorization endpoint; servers send them from the token endpoint too). */
const TRANSIENT_OAUTH_ERRORS = new Set(["temporarily_unavailable", "server_error"]);

/** An RFC 6749 §5.2 error from the token endpoint. */
export class OAuthTokenError extends Error {
  override name = "OAuthTokenError";
  /** A refusal that may pass if asked again later: 429, 5xx, or a code that says so. */
  readonly retryable: boolean;
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description?: string,
    /** Seconds the server asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`Token endpoint refused the request: ${error}${description ? ` (${description})` : ""}`);
    this.retryable = status === 429 || status >= 500 || TRANSIENT_OAUTH_ERRORS.has(error);
  }
}
