// One way to show a moment: in the admin's zone with the zone named ("Nov 23, 2026, 3:04 PM EST"),
// and the same moment in UTC for a hover. Shared by server pages and client components.
export const TIME_ZONE_COOKIE = "apportion-tz";

// Made once per zone and kept: a page of 50 times would otherwise build 100 formatters.
const formats = new Map<
  string,
  { moment: Intl.DateTimeFormat; second: Intl.DateTimeFormat; name: Intl.DateTimeFormat }
>();

function formatsIn(zone: string) {
  let made = formats.get(zone);
  if (!made) {
    made = {
      moment: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone }),
      // History is an audit trail: to the second, so two changes a few seconds apart read apart.
      second: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: zone }),
      name: new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" }),
    };
    formats.set(zone, made);
  }
  return made;
}

/** The zone's short name at that moment ("EST" or "EDT"). */
const zoneName = (date: Date, zone: string) =>
  formatsIn(zone)
    .name.formatToParts(date)
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

export function formatWhen(iso: string, zone: string, seconds = false): { text: string; utc: string } {
  const date = new Date(iso);
  const format = seconds ? "second" : "moment";
  return {
    text: `${formatsIn(zone)[format].format(date)} ${zoneName(date, zone)}`,
    utc: `${formatsIn("UTC")[format].format(date)} UTC`,
  };
}

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/** "2 minutes ago", "yesterday", "now": how long ago, beside the exact time. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  let amount = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(amount) < 10) return "just now";
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(amount, unit);
    amount = Math.round(amount / size);
  }
  return relative.format(amount, "year");
}

/** "3 Nov 2026": a gift's date in a title, in the admin's zone. */
export function formatDay(iso: string, zone: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: zone }).format(
    new Date(iso),
  );
}
