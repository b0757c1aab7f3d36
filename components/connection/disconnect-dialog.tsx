"use client";

import { useRef } from "react";
import { useDisconnect } from "@/lib/hooks/use-connection";

/** Disconnect needs a second, deliberate click in a modal dialog. */
export function DisconnectDialog({ organizationName }: { organizationName: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const disconnect = useDisconnect();

  async function confirm() {
    const outcome = await disconnect.mutateAsync().catch(() => null);
    // A full page load on purpose: the session is gone, so the server-rendered layout and every
    // cached query of this organization must go with it.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    if (outcome) window.location.assign(`/?disconnected=${outcome.serviceNotified ? "1" : "local"}`);
  }

  return (
    <>
      <button type="button" className="button button--danger" onClick={() => dialog.current?.showModal()}>
        Disconnect…
      </button>
      <dialog ref={dialog} aria-labelledby="disconnect-title">
        <h2 id="disconnect-title">Disconnect {organizationName}?</h2>
        <p>
          Apportion will tell the service that the integration is disconnected, delete its tokens for this organization,
          and sign you out. You can connect again at any time.
        </p>
        {disconnect.isError && (
          <p role="alert" className="notice notice--danger">
            {disconnect.error.message}
          </p>
        )}
        <div className="button-row">
          <button type="button" className="button button--danger" onClick={confirm} disabled={disconnect.isPending}>
            {disconnect.isPending ? "Disconnecting…" : "Disconnect"}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dialog.current?.close()}
            disabled={disconnect.isPending}
          >
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
