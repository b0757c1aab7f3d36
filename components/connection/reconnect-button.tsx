"use client";

import { lazy, Suspense } from "react";

// The banner sits in the layout of every page but shows only while a connection is unusable:
// its button (and the sign-in code behind it) loads only then, not with every page.
const ConnectButton = lazy(() => import("./connect-button").then((m) => ({ default: m.ConnectButton })));

export function ReconnectButton({ providerId }: { providerId: string }) {
  return (
    <Suspense
      fallback={
        <button type="button" className="button" disabled>
          Reconnect
        </button>
      }
    >
      <ConnectButton providerId={providerId} label="Reconnect" callbackUrl="here" />
    </Suspense>
  );
}
