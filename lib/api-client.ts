// The browser's side of the app's route handlers: JSON in, JSON out, errors as ApiClientError
// carrying the server's safe message and field errors.
import type { Answer, Contract, RequestBody } from "@/lib/contracts/contract";

export class ApiClientError extends Error {
  override name = "ApiClientError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

type Init<B = unknown> = { method?: "GET" | "POST" | "PUT" | "DELETE"; body?: B };

/** Calls the route that `C` (a contract of lib/contracts, imported as a type) describes: the body
 *  is what its schema accepts, the answer what its route returns. */
export function fetchContract<C extends Contract>(path: string, init: Init<RequestBody<C>> = {}): Promise<Answer<C>> {
  return apiFetch(path, init) as Promise<Answer<C>>;
}

/** Creates (POST `collection`) or, given an id, replaces (PUT `collection/id`) the thing `C`
 *  describes: the editor forms' one save, whether the thing is new or not. */
export function saveContract<C extends Contract>(
  collection: string,
  id: string | undefined,
  body: RequestBody<C>,
): Promise<Answer<C>> {
  const path = id ? `${collection}/${encodeURIComponent(id)}` : collection;
  return apiFetch(path, { method: id ? "PUT" : "POST", body }) as Promise<Answer<C>>;
}

// Not exported, and its answer unknown: a caller names its answer through a contract, never by hand.
async function apiFetch(path: string, init: Init = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiClientError(0, "network", "Apportion could not be reached. Check your connection and try again.");
  }
  const payload = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string; fields?: Record<string, string[]> };
  } | null;
  if (!response.ok) {
    const error = payload?.error;
    throw new ApiClientError(
      response.status,
      error?.code ?? "unknown",
      error?.message ?? "Something went wrong. Please try again.",
      error?.fields,
    );
  }
  return payload;
}
