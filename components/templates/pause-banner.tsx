import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import { When } from "@/components/ui/when";
import type { PauseView } from "@/lib/templates/pause-view";

/** On every page while the organization's automatic sending is paused: since when, by whom. */
export function PauseBanner({ pause, zone }: { pause: PauseView; zone: string }) {
  if (!pause.paused) return null;
  return (
    <Notice tone="warn" role="status" className="pause-banner">
      <p>
        <strong>Automatic sending is paused</strong> since <When iso={pause.pausedAt} zone={zone} /> by {pause.pausedBy}
        : no template sends a gift by itself. <Link href="/templates">Resume it on Templates</Link>.
      </p>
    </Notice>
  );
}
