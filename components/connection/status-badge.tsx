import type { ConnectionView } from "@/lib/connections/view";

const LABELS: Record<ConnectionView["status"], { text: string; tone: string }> = {
  active: { text: "Connected", tone: "badge--ok" },
  disabled: { text: "Disabled by the service", tone: "badge--danger" },
  needs_reconnect: { text: "Needs reconnect", tone: "badge--warn" },
  disconnected: { text: "Disconnected", tone: "badge--danger" },
};

export function StatusBadge({ status }: { status: ConnectionView["status"] }) {
  const label = LABELS[status];
  return <span className={`badge ${label.tone}`}>{label.text}</span>;
}
