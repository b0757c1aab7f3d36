"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { TIME_ZONE_COOKIE } from "@/lib/when";

/** Tells the server the browser's zone when the page was rendered in another one, then renders
 *  again: times then read in the admin's own zone on every page. */
export function TimeZoneSync({ rendered }: { rendered: string }) {
  const router = useRouter();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === rendered) return;
    // Zone names are letters, digits and / _ + -: safe in a cookie as they are.
    document.cookie = `${TIME_ZONE_COOKIE}=${zone}; path=/; max-age=31536000; samesite=lax`;
    router.refresh();
  }, [rendered, router]);
  return null;
}
