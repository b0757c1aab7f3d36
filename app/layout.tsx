import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ConnectionBanner } from "@/components/connection/connection-banner";
import { NavLinks } from "@/components/nav-links";
import { PauseBanner } from "@/components/templates/pause-banner";
import { getCurrentConnection } from "@/lib/auth/session";
import { getEnv } from "@/lib/env";
import { pauseOf } from "@/lib/templates/pause-view";
import { adminTimeZone } from "@/lib/time-zone";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Apportion", template: "%s · Apportion" },
  description: "Re-allocate gifts across campaigns and funds.",
  referrer: "strict-origin-when-cross-origin",
};

export const dynamic = "force-dynamic";

export default async function RootLayout({ children }: { children: ReactNode }) {
  const connection = await getCurrentConnection();
  const providerId = getEnv().SERVICE_ENVIRONMENT;
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header">
          <div className="site-header__inner">
            <Link className="brand" href="/">
              Appor<span>tion</span>
            </Link>
            {connection && (
              <nav className="site-nav" aria-label="Main">
                <span className="org-chip">
                  {connection.organizationName}
                  {connection.environment === "playground" ? " · Playground" : ""}
                </span>
                <NavLinks />
              </nav>
            )}
          </div>
        </header>
        {/* react-query's provider is in the pages that use it: the split editor does not, and
            leaving it out keeps that page's first load under 160 kB (bench/RESULTS.md). */}
        <main id="main">
          {connection && <ConnectionBanner connection={connection} providerId={providerId} />}
          {connection && <PauseBanner pause={pauseOf(connection)} zone={await adminTimeZone()} />}
          {children}
        </main>
      </body>
    </html>
  );
}
