// One way to show a moment: in the admin's zone with the zone named ("Nov 23, 2026, 3:04 PM EST"),
// and the same moment in UTC for a hover. Shared by server pages and client components.
export const TIME_ZONE_COOKIE = "apportion-tz";

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone });
    formats.set(zone, format);
  }
  return format;
}

const zoneName = (date: Date, zone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
    .formatToParts(date)
    .find((part) => part.type === "timeZoneName")?.value ?? zone;

export function isTimeZone(value: string): boolean {
  if (value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export function formatWhen(iso: string, zone: string): { text: string; utc: string } {
  const date = new Date(iso);
  return {
    text: `${formatIn(zone).format(date)} ${zoneName(date, zone)}`,
    utc: `${formatIn("UTC").format(date)} UTC`,
  };
}
