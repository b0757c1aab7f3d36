import { Badge } from "@/components/ui/badge";
import type { Tone } from "@/components/ui/notice";
import type { ConnectionView } from "@/lib/connections/view";

const LABELS: Record<ConnectionView["status"], { text: string; tone: Tone }> = {
  active: { text: "Connected", tone: "ok" },
  disabled: { text: "Disabled by the service", tone: "danger" },
  needs_reconnect: { text: "Needs reconnect", tone: "warn" },
  disconnected: { text: "Disconnected", tone: "danger" },
};

export function StatusBadge({ status }: { status: ConnectionView["status"] }) {
  const label = LABELS[status];
  return <Badge tone={label.tone}>{label.text}</Badge>;
}
