// The unsubscribe link of every mail: it works without signing in, so it carries its own proof,
// an HMAC over the recipient and the one kind it turns off (single-purpose: a link from a
// submission's mail cannot stop the reconnect mails). The key is derived from NEXTAUTH_SECRET
// with a label of its own (HKDF), so it opens nothing else and nothing else opens it. A changed
// NEXTAUTH_SECRET ends old links; the settings page still turns mail off.
import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";
import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from "./choices";

const PURPOSE = "apportion mail unsubscribe v1";

let derived: { from: string; key: Buffer } | undefined;

function signingKey(): Buffer {
  const base = getEnv().NEXTAUTH_SECRET;
  if (derived?.from !== base) {
    derived = { from: base, key: Buffer.from(hkdfSync("sha256", base, "apportion", PURPOSE, 32)) };
  }
  return derived.key;
}

function sign(recipientId: string, kind: UnsubscribeKind): string {
  return createHmac("sha256", signingKey()).update(`${recipientId}\n${kind}`).digest("base64url");
}

export type UnsubscribeRequest = { recipientId: string; kind: UnsubscribeKind };

/** The query of a link: r (recipient), k (kind), s (signature). */
export function unsubscribeQuery({ recipientId, kind }: UnsubscribeRequest): string {
  return new URLSearchParams({ r: recipientId, k: kind, s: sign(recipientId, kind) }).toString();
}

/** The page that asks to confirm (a GET changes nothing: mail scanners open links). */
export function unsubscribePageUrl(request: UnsubscribeRequest): string {
  return `${getEnv().NEXTAUTH_URL}/unsubscribe?${unsubscribeQuery(request)}`;
}

/** Where a mail client's one-click unsubscribe POSTs (RFC 8058). */
export function unsubscribePostUrl(request: UnsubscribeRequest): string {
  return `${getEnv().NEXTAUTH_URL}/api/unsubscribe?${unsubscribeQuery(request)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The request a link's query proves, or null for a link that was changed or made up. */
export function verifyUnsubscribe(query: {
  r?: string | null;
  k?: string | null;
  s?: string | null;
}): UnsubscribeRequest | null {
  const { r, k, s } = query;
  if (!r || !k || !s || !UUID.test(r) || !(UNSUBSCRIBE_KINDS as readonly string[]).includes(k)) return null;
  const kind = k as UnsubscribeKind;
  const expected = Buffer.from(sign(r, kind));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { recipientId: r, kind };
}
