// A hook through which the app watches every call to the service (metrics), without this folder
// importing anything of the app: lib/service stays the service's contract alone. The app sets one
// observer (lib/metrics/service-calls.ts); nothing is observed until it does.
//
// The observer lives on globalThis: the dev server loads this module once for the routes and
// once for the worker (instrumentation), and both copies must report to the one observer.
import "server-only";
import { processSlot } from "@/lib/process-slot";

export type ServiceCall = {
  method: string;
  /** The call's path with every id-like segment replaced by ":id" and no query: a bounded set. */
  operation: string;
  /** The HTTP status, or "network" / "timeout" when no answer came. */
  status: string;
  durationMs: number;
};

export type ServiceObserver = (call: ServiceCall) => void;

const callObserver = processSlot<ServiceObserver>("apportionServiceObserver");

export function setServiceObserver(observer: ServiceObserver | undefined): void {
  callObserver.set(observer);
}

/** Reports one call; an observer that throws never fails the call it watched. */
export function observeServiceCall(call: ServiceCall): void {
  try {
    callObserver.get()?.(call);
  } catch {
    // Metrics are best effort.
  }
}

/** A number, or a long run of hex and dashes (a uuid): what names one record, not an operation. */
const ID_LIKE = /^(\d+|[0-9a-f-]{16,})$/i;

/** "/admin/oauth2/api/v1/imports/123?x=1" → "/imports/:id": the API's prefix off, ids out, so a
 *  label never carries an organization's data or grows without bound. */
export function operationOf(path: string): string {
  const bare = (path.split("?")[0] ?? "").replace(/^\/admin\/oauth2\/api\/v1(?=\/)/, "");
  return bare
    .split("/")
    .map((segment) => (ID_LIKE.test(segment) || segment.length > 40 ? ":id" : segment))
    .join("/")
    .slice(0, 80);
}

/** One attempt of an API call that failed: answered with an error, or not answered at all. */
export type ServiceFailure = {
  method: string;
  operation: string;
  /** The HTTP status, or "network" / "timeout" / "unexpected" (an answer of the wrong shape). */
  status: string;
  /** 1 for the first try. */
  attempt: number;
  /** Whether the call is tried again (by its retry policy, or a 429 waited out). */
  retrying: boolean;
  error: Error;
};

export type ServiceFailureObserver = (failure: ServiceFailure) => void;

const failureObserver = processSlot<ServiceFailureObserver>("apportionServiceFailureObserver");

export function setServiceFailureObserver(observer: ServiceFailureObserver | undefined): void {
  failureObserver.set(observer);
}

/** Reports one failed attempt; an observer that throws never changes the call's outcome. */
export function observeServiceFailure(failure: ServiceFailure): void {
  try {
    failureObserver.get()?.(failure);
  } catch {
    // Logging is best effort here; the caller still gets the error.
  }
}
