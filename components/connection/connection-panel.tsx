"use client";

import Link from "next/link";
import type { ConnectionView } from "@/lib/connections/view";
import { useConnection } from "@/lib/hooks/use-connection";
import { ConnectionCard } from "./connection-card";
import { DisconnectDialog } from "./disconnect-dialog";
import { AsyncState } from "@/components/ui/async-state";
import { When } from "@/components/ui/when";
import { SubmissionStatusBadge } from "@/components/history/submission-status";
import { stateSentence, submissionState } from "@/lib/submissions/submission-state";

const EVENT_LABELS: Record<ConnectionView["events"][number]["type"], string> = {
  connected: "Connected",
  reconnected: "Reconnected",
  refreshed: "Access refreshed",
  refresh_failed: "Refresh failed",
  disabled: "Disabled by the service",
  disconnected: "Disconnected",
  needs_reconnect: "Needs reconnect",
};

/** `zone`: the admin's time zone (lib/time-zone.ts), so times read as on every other page. */
export function ConnectionPanel({ providerId, zone }: { providerId: string; zone: string }) {
  const { data: connection, error, isPending } = useConnection();

  if (isPending || error || !connection) {
    return (
      <AsyncState
        pending={isPending}
        error={error ?? new Error("The connection could not be loaded.")}
        loading="Loading the connection…"
      >
        {null}
      </AsyncState>
    );
  }

  return (
    <>
      <ConnectionCard connection={connection} providerId={providerId} zone={zone} />
      <section className="card" aria-labelledby="submissions-title">
        <h2 id="submissions-title">Recent changes sent</h2>
        {connection.submissions.length === 0 ? (
          <p className="muted">Nothing sent yet.</p>
        ) : (
          <ul className="events">
            {connection.submissions.map((s) => {
              // The same state and sentence as History (lib/submissions/submission-state.ts).
              const input = {
                status: s.status,
                verification: s.verification,
                connectionActive: connection.status === "active",
              };
              return (
                <li key={s.id}>
                  <When iso={s.at} zone={zone} precise />
                  <span>
                    <Link href={`/history/${s.id}`}>
                      {s.transactionCount.toLocaleString("en-US")} gift{s.transactionCount === 1 ? "" : "s"}
                    </Link>{" "}
                    <SubmissionStatusBadge {...input} />{" "}
                    <span className="muted">
                      {stateSentence(submissionState(input), s.failure)}
                      {s.droppedCount > 0
                        ? ` ${s.droppedCount.toLocaleString("en-US")} split${s.droppedCount === 1 ? "" : "s"} dropped by the service.`
                        : ""}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="activity-title">
        <h2 id="activity-title">Recent activity</h2>
        <ul className="events">
          {connection.events.map((event) => (
            <li key={event.id}>
              <When iso={event.at} zone={zone} />
              <span>
                <strong>{EVENT_LABELS[event.type]}</strong>
                {/* The card above already says why the connection stopped: not a second time here. */}
                {event.detail && event.detail !== connection.statusReason ? (
                  <span className="muted"> — {event.detail}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card card--danger" aria-labelledby="danger-title">
        <h2 id="danger-title">Disconnect</h2>
        <p>
          Ends Apportion&apos;s access to {connection.organizationName}: the service is told, the tokens are deleted and
          everyone signed in for this organization is signed out. History stays; you can connect again at any time.
        </p>
        <DisconnectDialog organizationName={connection.organizationName} />
      </section>
    </>
  );
}
