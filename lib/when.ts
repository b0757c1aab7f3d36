// One way to show a moment: in the admin's zone with the zone named ("Nov 23, 2026, 3:04 PM EST"),
// and the same moment in UTC for a hover. Shared by server pages and client components.
export const TIME_ZONE_COOKIE = "apportion-tz";

// Made once per zone and kept: a page of 50 times would otherwise build 100 formatters.
const formats = new Map<string, { moment: Intl.DateTimeFormat; name: Intl.DateTimeFormat }>();

function formatsIn(zone: string) {
  let made = formats.get(zone);
  if (!made) {
    made = {
      moment: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone }),
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

export function formatWhen(iso: string, zone: string): { text: string; utc: string } {
  const date = new Date(iso);
  return {
    text: `${formatsIn(zone).moment.format(date)} ${zoneName(date, zone)}`,
    utc: `${formatsIn("UTC").moment.format(date)} UTC`,
  };
}
