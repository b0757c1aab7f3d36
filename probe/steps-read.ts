// Steps of the probe that read (and the integration status the app reports on connect): account
// details, the transactions query and its paging, and where the imports listing lives.
import { DEFAULT_IMPORTS_LIST_PATH } from "@/lib/service/imports";
import { type Answer, describe, isRecord, type Json, listingShape } from "./answers";
import type { Probe } from "./context";

/** "GET /imports/ with a further path part": the forms tried, the emulator's choice first. */
export const LISTING_CANDIDATES = [DEFAULT_IMPORTS_LIST_PATH, "/imports/notifications", "/imports/all", "/imports"];

export async function checkDetails(probe: Probe): Promise<void> {
  const details = await probe.api("GET", "/details");
  const orgId =
    isRecord(details.body) && isRecord(details.body.organization) ? details.body.organization.id : undefined;
  if (details.status === 200 && (typeof orgId === "number" || (typeof orgId === "string" && orgId !== ""))) {
    probe.line("account details, organization.id", "holds", `organization.id = ${String(orgId)}`);
  } else {
    const keys = isRecord(details.body) ? Object.keys(details.body).join(", ") : "no JSON object";
    probe.line(
      "account details, organization.id",
      "differs",
      `${details.status}, no organization.id; top-level keys: ${keys}`,
    );
  }
}

/** Reports `Connected`, as the app does on connect (the probe's last step reports the disconnect). */
export async function checkIntegrationStatus(probe: Probe): Promise<void> {
  const status = await probe.api("POST", "/integrations/status", { data: { status: "Connected", units: "1" } });
  const refused = isRecord(status.body) && status.body.valid === false;
  if (status.status >= 200 && status.status < 300 && !refused) probe.line("integration status", "holds");
  else probe.line("integration status", "differs", describe(status));
}

/** Reads two pages of two gifts; returns the gifts seen. */
export async function checkTransactionsPaging(probe: Probe): Promise<Json[]> {
  const transactions: Json[] = [];
  const check = "transactions query and paging";
  const page = (answer: Answer) =>
    isRecord(answer.body) && Array.isArray(answer.body.results) ? (answer.body as Json & { results: unknown[] }) : null;
  const first = await probe.api("POST", "/transactions/query", { per_page: 2 });
  const firstPage = page(first);
  if (first.status !== 200 || firstPage === null) {
    probe.line(check, "differs", `no results array: ${describe(first)}`);
    return transactions;
  }
  transactions.push(...firstPage.results.filter(isRecord));
  const queryToken = firstPage.query_token;
  if (firstPage.has_more !== true && (typeof queryToken !== "string" || queryToken === "")) {
    probe.line(check, "holds", "one page only: paging not exercised");
    return transactions;
  }
  if (typeof queryToken !== "string" || queryToken === "") {
    probe.line(check, "differs", "more pages were announced without a query_token");
    return transactions;
  }
  const second = await probe.api("POST", "/transactions/query", { query_token: queryToken });
  const secondPage = page(second);
  if (second.status === 200 && secondPage !== null) {
    transactions.push(...secondPage.results.filter(isRecord));
    probe.line(check, "holds", `per_page and query_token page on (${transactions.length} seen)`);
  } else probe.line(check, "differs", `the query_token page failed: ${describe(second)}`);
  return transactions;
}

/** Where the listing and its notifications live, and their shape. */
export async function checkImportsListing(probe: Probe, importId: string | null): Promise<void> {
  const check = "imports listing and notifications";
  const seen: string[] = [];
  for (const candidate of LISTING_CANDIDATES) {
    const query = importId === null ? "" : `?import_id=${encodeURIComponent(importId)}`;
    const answer = await probe.api("GET", `${candidate}${query}`);
    seen.push(`${candidate} ${answer.status}`);
    const shape = answer.status === 200 ? listingShape(answer.body) : null;
    if (shape === null) continue;
    if (candidate === DEFAULT_IMPORTS_LIST_PATH && shape === "imports[].notifications[]") {
      probe.line(check, "holds", `${candidate}: ${shape}`);
    } else {
      probe.config.imports_list_path = candidate;
      probe.line(check, "differs", `found at ${candidate} with ${shape}`);
    }
    return;
  }
  probe.line(check, "differs", `not found; tried ${seen.join(", ")}`);
}
