"use client";

// The organization's one "Pause automatic sending" switch (lib/templates/pause.ts), on the
// templates page and in settings. A button that says what it will do, with its state in words
// (a toggle whose state is only a colour would not say it to everyone).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { When } from "@/components/ui/when";
import { ApiClientError } from "@/lib/api-client";
import { setTemplatesPaused } from "@/lib/hooks/template-calls";
import type { PauseView } from "@/lib/templates/pause-view";

export function PauseSwitch({ pause, zone }: { pause: PauseView; zone: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function turn(paused: boolean) {
    setBusy(true);
    setError(null);
    try {
      await setTemplatesPaused(paused);
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiClientError ? e.message : "Something went wrong.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card pause-switch" aria-labelledby="pause-title">
      <h2 id="pause-title">Automatic sending</h2>
      {pause.paused ? (
        <p>
          <strong>Paused</strong> since <When iso={pause.pausedAt} zone={zone} precise /> by {pause.pausedBy}. Gifts of
          templates set to &ldquo;Send automatically&rdquo; wait; resuming sends them.
        </p>
      ) : (
        <p>
          <strong>On.</strong> Templates set to &ldquo;Send automatically&rdquo; send new gifts by themselves. Pausing
          stops at once every gift not yet sent.
        </p>
      )}
      {error && <Notice tone="danger">{error}</Notice>}
      <div className="button-row">
        <Button
          variant={pause.paused ? "primary" : "secondary"}
          onClick={() => void turn(!pause.paused)}
          disabled={busy}
        >
          {pause.paused ? "Resume automatic sending" : "Pause automatic sending"}
        </Button>
      </div>
    </section>
  );
}
