// AES-256-GCM envelopes for tokens at rest. An envelope names the key that sealed it, so keys
// can rotate: new writes use the first (active) key, older envelopes open with theirs.
// The context (connection id and field) is bound as additional data, so an envelope copied
// into another row or field fails to open instead of granting that row a stolen token.
import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { EncryptionKey } from "@/lib/env";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class TokenCipherError extends Error {
  override name = "TokenCipherError";
}

export type Keyring = readonly EncryptionKey[];

export function activeKeyId(keyring: Keyring): string {
  const active = keyring[0];
  if (!active) throw new TokenCipherError("No encryption key is configured");
  return active.id;
}

export function seal(plaintext: string, keyring: Keyring, context: string): string {
  const key = keyring[0];
  if (!key) throw new TokenCipherError("No encryption key is configured");
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  cipher.setAAD(additionalData(key.id, context));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, key.id, b64(iv), b64(cipher.getAuthTag()), b64(body)].join(".");
}

export function open(envelope: string, keyring: Keyring, context: string): string {
  const [version, id, iv, tag, body, ...rest] = envelope.split(".");
  if (version !== VERSION || !id || !iv || !tag || body === undefined || rest.length > 0) {
    throw new TokenCipherError("Malformed token envelope");
  }
  const key = keyring.find((k) => k.id === id);
  if (!key) throw new TokenCipherError(`Token sealed with unknown key "${id}"`);
  try {
    const authTag = Buffer.from(tag, "base64url");
    // Node would accept a truncated tag; only the full 16 bytes authenticate.
    if (authTag.length !== TAG_BYTES) throw new TokenCipherError("Token envelope failed authentication");
    const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(additionalData(id, context));
    decipher.setAuthTag(authTag);
    const plain = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
    return plain.toString("utf8");
  } catch {
    throw new TokenCipherError("Token envelope failed authentication");
  }
}

/**
 * The key id inside an envelope, without opening it (for rotation and logs). Only from a string
 * shaped like an envelope with a key id as lib/env.ts allows them: anything else in the column
 * may be sealed text or garbage, neither of which a log may carry.
 */
export function envelopeKeyId(envelope: string): string | undefined {
  const [version, id] = envelope.split(".");
  return version === VERSION && id !== undefined && /^[A-Za-z0-9_-]{1,32}$/.test(id) ? id : undefined;
}

function additionalData(keyId: string, context: string): Buffer {
  return Buffer.from(`apportion-token:${VERSION}:${keyId}:${context}`, "utf8");
}

function b64(buf: Buffer): string {
  return buf.toString("base64url");
}
