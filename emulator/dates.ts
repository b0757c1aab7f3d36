// Date parsing for request fields. Hand-written rather than Date.parse, which accepts many
// non-standard forms, reads a time without zone as local time and rolls 31 February over.

// ISO 8601 extended format: a date, optionally with a time that then must carry its zone.
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([Zz]|[+-]\d{2}:\d{2}))?$/;
// RFC 3339 date-time in UTC: seconds required, zone Z or +00:00.
const RFC_3339_UTC = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]00:00)$/;

/** Milliseconds since the epoch, or null when the string is not one of the accepted forms. */
export function parseIsoDate(value: string): number | null {
  return fromMatch(ISO_8601.exec(value));
}

/** Milliseconds for an RFC 3339 UTC date-time ("2026-01-15T10:00:00Z"), else null. */
export function parseRfc3339Utc(value: string): number | null {
  return fromMatch(RFC_3339_UTC.exec(value));
}

function fromMatch(match: RegExpExecArray | null): number | null {
  if (match === null) return null;
  const part = (index: number) => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [part(1), part(2), part(3), part(4), part(5), part(6)];
  const fraction = match[7] === undefined ? 0 : Math.floor(Number(`0${match[7]}`) * 1000);
  const zone = match[8] ?? "Z";
  if (hour > 23 || minute > 59 || second > 59) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, fraction);
  const check = new Date(local);
  // Date.UTC silently rolls an impossible day or month over into the next one.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return local - zoneOffsetMs(zone);
}

function zoneOffsetMs(zone: string): number {
  if (zone === "Z" || zone === "z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const [hours = 0, minutes = 0] = zone.slice(1).split(":").map(Number);
  return sign * (hours * 60 + minutes) * 60_000;
}

/** The latest instant a JavaScript Date can hold, in seconds (ECMA-262 §21.4.1.1). */
export const MAX_UNIX_SECONDS = 8_640_000_000_000;
