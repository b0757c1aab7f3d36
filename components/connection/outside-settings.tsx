"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** The settings page says the connection's state in its own card: the banner stays out of it,
 *  so the admin reads the message once. (Loaded only while the banner shows at all.) */
export function OutsideSettings({ children }: { children: ReactNode }) {
  return usePathname() === "/settings" ? null : children;
}
