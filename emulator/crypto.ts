// Credential helpers. Opaque random values, stored and compared only as hashes.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 32 random bytes, base64url (43 characters): unguessable codes and tokens. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** PKCE S256 transform (RFC 7636 §4.2). */
export function s256Challenge(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/** Constant-time comparison of two strings of any length (hashing equalizes the lengths). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}

/** RFC 7636 §4.1 / §4.2: 43 to 128 unreserved characters. */
export const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;
