import { ReconnectButton } from "./reconnect-button";
import { Notice } from "@/components/ui/notice";
import { OutsideSettings } from "./outside-settings";

/** What the banner needs of a connection (a view, not the database's type). */
export type ConnectionStatusView = {
  status: "active" | "disabled" | "needs_reconnect" | "disconnected";
  organizationName: string;
  statusReason: string | null;
};

/** Shown on every page but settings while the connection cannot be used, with the way back. */
export function ConnectionBanner({ connection, providerId }: { connection: ConnectionStatusView; providerId: string }) {
  if (connection.status === "active") return null;
  return (
    <OutsideSettings>
      <Notice tone="danger" actions={<ReconnectButton providerId={providerId} />}>
        <p>
          <strong>{connection.organizationName} is not connected right now.</strong>{" "}
          {connection.statusReason ?? "Reconnect to continue."} Nothing you submitted is lost.
        </p>
      </Notice>
    </OutsideSettings>
  );
}
