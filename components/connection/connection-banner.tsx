import type { Connection } from "@/lib/generated/prisma/client";
import { ConnectButton } from "./connect-button";
import { Notice } from "@/components/ui/notice";

/** Shown on every page while the connection cannot be used, with the way back. */
export function ConnectionBanner({ connection, providerId }: { connection: Connection; providerId: string }) {
  if (connection.status === "active") return null;
  return (
    <Notice tone="danger" actions={<ConnectButton providerId={providerId} label="Reconnect" />}>
      <p>
        <strong>{connection.organizationName} is not connected right now.</strong>{" "}
        {connection.statusReason ?? "Reconnect to continue."} Nothing you submitted is lost.
      </p>
    </Notice>
  );
}
