"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { useDisconnect } from "@/lib/hooks/use-connection";

/** Disconnect needs a second, deliberate click in a modal dialog, where Cancel has the focus. */
export function DisconnectDialog({ organizationName }: { organizationName: string }) {
  const [open, setOpen] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
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
      <Button variant="danger" onClick={() => setOpen(true)}>
        Disconnect…
      </Button>
      <Dialog
        open={open}
        onClose={() => !disconnect.isPending && setOpen(false)}
        title={`Disconnect ${organizationName}?`}
        titleId="disconnect-title"
        initialFocus={cancel}
      >
        <p>
          Apportion will tell the service that the integration is disconnected, delete its tokens for this organization,
          and sign you out. You can connect again at any time.
        </p>
        {disconnect.isError && <Notice tone="danger">{disconnect.error.message}</Notice>}
        <div className="button-row dialog__actions">
          <Button ref={cancel} variant="secondary" onClick={() => setOpen(false)} disabled={disconnect.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={disconnect.isPending}>
            {disconnect.isPending ? "Disconnecting…" : "Disconnect"}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
