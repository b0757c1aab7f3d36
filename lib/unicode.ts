// Text that PostgreSQL can store. A JSON string may carry half of a UTF-16 surrogate pair
// ("\ud800"): JavaScript keeps it, but it is not Unicode, so PostgreSQL refuses it in JSON
// (22P02) and the pg driver silently turns it into U+FFFD in text. Refused where it comes in.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

export const INCOMPLETE_CHARACTER = "contains an incomplete character (half of an emoji or symbol); retype it.";

/** Paths of every string (or object key) in a parsed JSON value that has a lone surrogate. */
export function findLoneSurrogates(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return hasLoneSurrogate(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => findLoneSurrogates(item, [...path, index]));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) =>
    hasLoneSurrogate(key) ? [[...path, key]] : findLoneSurrogates(item, [...path, key]),
  );
}
