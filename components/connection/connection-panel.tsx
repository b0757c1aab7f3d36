"use client";

import Link from "next/link";
import type { ConnectionView } from "@/lib/connections/view";
import { useCheckConnection, useConnection } from "@/lib/hooks/use-connection";
import { describeScope } from "@/lib/scopes";
import { ConnectButton } from "./connect-button";
import { DisconnectDialog } from "./disconnect-dialog";
import { StatusBadge } from "./status-badge";
import { AsyncState } from "@/components/ui/async-state";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { When } from "@/components/ui/when";

function when(zone: string, iso: string | null, never = "Not yet") {
  return iso ? <When iso={iso} zone={zone} /> : <span className="muted">{never}</span>;
}

const SUBMISSION_LABELS: Record<string, string> = {
  sending: "sending",
  processing: "processing at the service",
  complete: "complete",
  complete_with_drops: "complete, some rows dropped",
  needs_attention: "needs attention",
};

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
  const check = useCheckConnection();

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
      <section className="card" aria-labelledby="connection-title">
        <div className="card__head">
          <h2 id="connection-title">{connection.organizationName}</h2>
          <StatusBadge status={connection.status} />
        </div>
        {connection.status !== "active" && (
          <Notice tone="warn" actions={<ConnectButton providerId={providerId} label="Reconnect" />}>
            <p>{connection.statusReason ?? "This connection is not active."}</p>
          </Notice>
        )}
        {connection.scopeWarning && (
          <p className="notice notice--warn" role="status">
            {connection.scopeWarning}
          </p>
        )}
        <dl className="facts">
          <dt>Organization id</dt>
          <dd>{connection.organizationId}</dd>
          <dt>Environment</dt>
          <dd>{connection.environment === "playground" ? "Playground (test)" : "Production"}</dd>
          <dt>Access granted</dt>
          <dd>
            <ul className="scope-list">
              {connection.scopes.map((scope) => (
                <li key={scope}>{describeScope(scope)}</li>
              ))}
            </ul>
          </dd>
          <dt>Connected since</dt>
          <dd>{when(zone, connection.connectedAt)}</dd>
          <dt>Access last renewed</dt>
          <dd>{when(zone, connection.lastRefreshedAt, "Not needed yet")}</dd>
          <dt>Last answer from the service</dt>
          <dd>{when(zone, connection.lastCheckedAt)}</dd>
        </dl>
        {check.data?.problem && <Notice tone="danger">{check.data.problem}</Notice>}
        {check.isError && <Notice tone="danger">{check.error.message}</Notice>}
        {check.data && !check.data.problem && <Notice tone="ok">The service answered: the connection works.</Notice>}
        <div className="button-row">
          <Button variant="secondary" onClick={() => check.mutate()} disabled={check.isPending}>
            {check.isPending ? "Checking…" : "Check connection"}
          </Button>
          <DisconnectDialog organizationName={connection.organizationName} />
        </div>
      </section>
      <section className="card" aria-labelledby="submissions-title">
        <h2 id="submissions-title">Recent submissions</h2>
        {connection.submissions.length === 0 ? (
          <p className="muted">Nothing submitted yet.</p>
        ) : (
          <ul className="events">
            {connection.submissions.map((s) => (
              <li key={s.id}>
                {when(zone, s.at)}
                <span>
                  <Link href={`/history/${s.id}`}>
                    {s.rowCount} row{s.rowCount === 1 ? "" : "s"}
                  </Link>{" "}
                  <span className="muted">
                    — {SUBMISSION_LABELS[s.status] ?? s.status}
                    {s.droppedCount > 0 ? `, ${s.droppedCount} dropped` : ""}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="activity-title">
        <h2 id="activity-title">Recent activity</h2>
        <ul className="events">
          {connection.events.map((event) => (
            <li key={event.id}>
              {when(zone, event.at)}
              <span>
                <strong>{EVENT_LABELS[event.type]}</strong>
                {event.detail ? <span className="muted"> — {event.detail}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
