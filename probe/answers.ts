// The probe's readers of the service's raw answers: what the checks in probe.ts compare with the
// app's assumptions. Raw on purpose: lib/service parses away exactly what the probe must see.
import { isFinalImportStatus } from "@/lib/service/imports";
import { redactText } from "./redact";

export type Json = Record<string, unknown>;
export type Answer = { status: number; body: unknown; text: string };

export const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
export const numericish = (value: unknown) =>
  (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && /^\d+$/.test(value));
export const short = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}…` : text);
/** One line for an answer, its credentials redacted (whatever its shape) before it is cut short. */
export const describe = (answer: Answer) => `${answer.status} ${short(redactText(answer.text).replace(/\s+/g, " "))}`;

export function tokenTypeProblems(body: Json, initial: boolean): string[] {
  const problems: string[] = [];
  if (typeof body.access_token !== "string") problems.push(`access_token is ${typeof body.access_token}`);
  if (typeof body.token_type !== "string" || body.token_type.toLowerCase() !== "bearer") {
    problems.push(`token_type is ${JSON.stringify(body.token_type)}`);
  }
  for (const name of ["expires_in", "created_at"]) {
    if (!numericish(body[name])) problems.push(`${name} is ${JSON.stringify(body[name]) ?? "missing"}`);
  }
  if (typeof body.scope !== "string") problems.push(`scope is ${JSON.stringify(body.scope) ?? "missing"}`);
  if (typeof body.refresh_token !== "string") {
    problems.push(initial ? "no refresh_token in the initial answer (the app cannot refresh)" : "no refresh_token");
  }
  return problems;
}

/** The shape the app reads (`imports[]` with `notifications[]`), or another recognisable one. */
export function listingShape(body: unknown): string | null {
  if (isRecord(body) && Array.isArray(body.imports)) {
    const first = body.imports.find(isRecord);
    if (first === undefined || Array.isArray(first.notifications)) return "imports[].notifications[]";
    return `imports[] with keys ${Object.keys(first).join(", ")}`;
  }
  if (Array.isArray(body)) return "a bare array";
  if (isRecord(body) && Array.isArray(body.notifications)) return "notifications[] at the top";
  return null;
}

export type Api = (method: "GET" | "POST", path: string, body?: unknown) => Promise<Answer>;

export async function findGift(api: Api, gift: string, seen: Json[]): Promise<Json | null> {
  const matches = (t: Json) => String(t.id ?? t.transaction_id) === gift || t.external_id === gift;
  const known = seen.find(matches);
  if (known !== undefined) return known;
  let body: unknown = { per_page: 50 };
  for (let pages = 0; pages < 40; pages++) {
    const answer = await api("POST", "/transactions/query", body);
    if (answer.status !== 200 || !isRecord(answer.body) || !Array.isArray(answer.body.results)) return null;
    const hit = answer.body.results.filter(isRecord).find(matches);
    if (hit !== undefined) return hit;
    const next = answer.body.query_token;
    if (typeof next !== "string" || next === "" || answer.body.has_more === false) return null;
    body = { query_token: next };
  }
  return null;
}

export async function runImport(api: Api, body: unknown, timeoutMs: number) {
  const statuses: string[] = [];
  const created = await api("POST", "/imports", body);
  const createdBody = isRecord(created.body) ? created.body : {};
  const id = createdBody.id === undefined || createdBody.id === null ? null : String(createdBody.id);
  const createStatus = String(createdBody.status ?? "nothing");
  if (created.status !== 200 || id === null) {
    return { id, createStatus, statuses, problem: `the create answer was ${describe(created)}` };
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await api("GET", `/imports/${encodeURIComponent(id)}`);
    const status = isRecord(answer.body) && typeof answer.body.status === "string" ? answer.body.status : null;
    if (answer.status !== 200 || status === null) {
      return { id, createStatus, statuses, problem: `GET /imports/${id} answered ${describe(answer)}` };
    }
    if (statuses.at(-1) !== status) statuses.push(status);
    if (isFinalImportStatus(status)) {
      const problem = status.toLowerCase() === "complete" ? null : `the import ended ${status}`;
      return { id, createStatus, statuses, problem };
    }
    if (Date.now() > deadline) {
      return { id, createStatus, statuses, problem: `still ${status} after ${timeoutMs} ms` };
    }
    // An unknown status never ends: the deadline does.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
