import type { Connection } from "@/lib/generated/prisma/client";
import { ReconnectButton } from "./reconnect-button";
import { Notice } from "@/components/ui/notice";

/** Shown on every page while the connection cannot be used, with the way back. */
export function ConnectionBanner({ connection, providerId }: { connection: Connection; providerId: string }) {
  if (connection.status === "active") return null;
  return (
    <Notice tone="danger" actions={<ReconnectButton providerId={providerId} />}>
      <p>
        <strong>{connection.organizationName} is not connected right now.</strong>{" "}
        {connection.statusReason ?? "Reconnect to continue."} Nothing you submitted is lost.
      </p>
    </Notice>
  );
}
