// Reads a request body while it streams, never holding more than the limit. A declared
// Content-Length over the limit is refused before a byte is read; a body without one (chunked)
// is counted as it arrives and reading stops at the first byte past the limit. The rest is left
// unread: the socket's backpressure stops the sender, and the 413 goes out at once.
import "server-only";
import { AppError } from "@/lib/app-error";

/** Every limit a route applies, in one place (docs/architecture.md, "Request bodies"). */
export const BODY_LIMITS = {
  /** next-auth's sign-in and sign-out forms: a CSRF token and a callback address. */
  auth: 16 * 1024,
  /** Any JSON route that does not say otherwise. */
  json: 256 * 1024,
  /** POST /api/submissions: up to 1,000 allocations from the editor. */
  submissions: 2 * 1024 * 1024,
  /** POST /api/bulk/:id/items: one part of an upload, at most 5,000 lines. */
  bulkItems: 4 * 1024 * 1024,
} as const;

export function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

export function bodyTooLarge(maxBytes: number): AppError {
  return new AppError(
    "payload_too_large",
    `The request body is larger than ${describeBytes(maxBytes)}, the most this address accepts. It was refused and nothing was changed.`,
  );
}

/** Refuses at once when the declared length is over the limit (or is not a length at all). */
export function assertDeclaredLength(request: Request, maxBytes: number): void {
  const declared = request.headers.get("content-length");
  if (declared === null) return;
  if (!/^\d+$/.test(declared.trim()) || Number(declared) > maxBytes) throw bodyTooLarge(maxBytes);
}

export async function readLimitedBody(request: Request, maxBytes: number): Promise<Buffer> {
  assertDeclaredLength(request, maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw bodyTooLarge(maxBytes);
      chunks.push(value);
    }
  } finally {
    // Released, not cancelled: cancelling would destroy the socket before the 413 is written.
    reader.releaseLock();
  }
  return Buffer.concat(chunks, size);
}
