// Maps anything a route handler throws to a response: a safe message and the right status.
import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { log } from "@/lib/log";
import { isUniqueViolation } from "@/lib/db-errors";

export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string[]>; details?: Record<string, unknown> };
};

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return json(error.status, { error: { code: error.code, message: error.message, details: error.details } });
  }
  if (error instanceof z.ZodError) {
    return json(422, {
      error: { code: "invalid_input", message: "Some fields are invalid.", fields: fieldErrors(error) },
    });
  }
  const prismaCode = (error as { code?: unknown } | null)?.code;
  if (prismaCode === "P2025") return json(404, { error: { code: "not_found", message: "Not found." } });
  if (isUniqueViolation(error)) return json(409, { error: { code: "conflict", message: "That already exists." } });
  log.error("api.unhandled_error", { error });
  return json(500, {
    error: { code: "internal", message: "Something went wrong on our side. Nothing was changed; please try again." },
  });
}

/** zod issues keyed by their dotted path ("rows.2.amount"), the same paths the form uses. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

function json(status: number, body: ApiErrorBody): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
