// The admin's time zone, so every page shows times in one zone: the browser says which
// (components/time-zone-sync.tsx writes it to a cookie) and the server renders with it. Until the
// browser has said, and for a value that is not a zone, times are shown in UTC, labelled so.
import "server-only";
import { cookies } from "next/headers";
import { isTimeZone, TIME_ZONE_COOKIE } from "./when";

export async function adminTimeZone(): Promise<string> {
  const value = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
  return value && isTimeZone(value) ? value : "UTC";
}
