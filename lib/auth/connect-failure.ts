// Why a Connect attempt failed, in words an admin can act on. next-auth reports every callback
// failure as one generic code, so the steps of the callback record the precise reason in a
// per-request store, and the route handler adds it to the error page's address.
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

export const CONNECT_FAILURES = {
  denied: "You chose not to allow access, so nothing was connected.",
  state_invalid:
    "This sign-in could not be verified: it was not started from Apportion in this browser, it took too long, or it was already used. Nothing was connected.",
  code_rejected:
    "The service did not accept the sign-in (its authorization code was invalid, expired or already used). Nothing was connected.",
  client_rejected:
    "The service did not accept Apportion's client credentials. An administrator needs to check SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET.",
  authorization_refused: "The service refused the authorization request. Nothing was connected.",
  issuer_mismatch:
    "The answer to this sign-in came from a different authorization server than the one Apportion is set up for, so it was refused. Nothing was connected.",
  service_unreachable: "The service could not be reached. Nothing was connected.",
  details_failed:
    "Access was granted, but Apportion could not read your organization's details from the service. Nothing was saved.",
  storage_failed: "Access was granted, but Apportion could not save the connection. Nothing was saved.",
  unknown: "Something went wrong while connecting. Nothing was connected.",
} as const;

export type ConnectFailure = keyof typeof CONNECT_FAILURES;

export function isConnectFailure(value: unknown): value is ConnectFailure {
  return typeof value === "string" && Object.hasOwn(CONNECT_FAILURES, value);
}

type Attempt = { failure?: ConnectFailure };
const attempts = new AsyncLocalStorage<Attempt>();

export function trackConnectAttempt<T>(fn: () => Promise<T>): Promise<{ result: T; failure?: ConnectFailure }> {
  const attempt: Attempt = {};
  return attempts.run(attempt, async () => ({ result: await fn(), failure: attempt.failure }));
}

/** Records the first, most precise reason; later generic ones do not overwrite it. */
export function recordConnectFailure(failure: ConnectFailure): void {
  const attempt = attempts.getStore();
  if (attempt && !attempt.failure) attempt.failure = failure;
}

/** next-auth's own messages for a missing or unreadable state or PKCE cookie. */
export function failureFromNextAuthError(message: string): ConnectFailure | undefined {
  return /state|code_verifier|pkce|checks/i.test(message) ? "state_invalid" : undefined;
}
