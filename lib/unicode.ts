// The one rule for every string that enters the app (body, query, path): no NUL character, no
// lone surrogate, at most TEXT_LIMIT characters. PostgreSQL cannot store a NUL in text or JSON
// (22021, 22P05) nor half of a UTF-16 surrogate pair ("\ud800": JavaScript keeps it, but it is not
// Unicode, so PostgreSQL refuses it in JSON (22P02) and the pg driver silently turns it into
// U+FFFD in text). Applied once at each edge: lib/http/json-body.ts (every string of a body),
// lib/http/route.ts (query and path of a route), proxy.ts (a page's address); schemas use it to
// word the refusal with the field's label.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No string that enters is longer; each field's schema has its own, lower limit. */
export const TEXT_LIMIT = 10_000;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

export const INCOMPLETE_CHARACTER = "contains an incomplete character (half of an emoji or symbol); retype it.";
export const NUL_CHARACTER = "contains a NUL character (an invisible control character); remove it.";

/** What is wrong with a string by the rule, worded to follow a label ("The name …"), or null. */
export function textProblem(text: string, max: number = TEXT_LIMIT): string | null {
  if (text.includes("\u0000")) return NUL_CHARACTER;
  if (hasLoneSurrogate(text)) return INCOMPLETE_CHARACTER;
  if (text.length > max) return `is longer than ${max.toLocaleString("en-US")} characters.`;
  return null;
}

export type TextRefusal = { path: (string | number)[]; problem: string };

/** Every string (or object key) in a parsed JSON value that breaks the rule, by its path. */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): TextRefusal[] {
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem === null ? [] : [{ path, problem }];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => findUnstorableText(item, [...path, index]));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const problem = textProblem(key);
    return problem === null ? findUnstorableText(item, [...path, key]) : [{ path: [...path, key], problem }];
  });
}

/**
 * A segment of an address, decoded or still percent-encoded (frameworks differ): it breaks the
 * rule either way. One that does not decode is judged as it is (an id may hold a "%").
 */
export function pathSegmentProblem(segment: string): string | null {
  const problem = textProblem(segment);
  if (problem !== null) return problem;
  try {
    return textProblem(decodeURIComponent(segment));
  } catch {
    return null;
  }
}

export const UNDECODABLE =
  "is not text: it holds a percent-escape that is not UTF-8 (such as %FF) or a broken one; correct the address.";

/**
 * A segment of an address as it arrived (still percent-encoded), decoded as Next.js decodes a
 * dynamic segment; null when it does not decode: a byte that is not UTF-8 (%FF), an encoded half
 * of a surrogate pair (%ED%A0%80), a character cut short (%C3), a "%" that starts no escape.
 * decodeURIComponent is a fatal UTF-8 decoder (ECMA-262's Decode throws on any invalid sequence)
 * and the very function Next.js's route matcher uses, so this refuses exactly what would otherwise
 * fail inside Next.js (a 500 with no headers and no log line).
 */
export function decodedPathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** What is wrong with a segment of an address as it arrived (percent-encoded), or null. */
export function rawPathSegmentProblem(segment: string): string | null {
  const text = decodedPathSegment(segment);
  return textProblem(segment) ?? (text === null ? UNDECODABLE : textProblem(text));
}
