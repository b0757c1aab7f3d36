"use client";

import Link from "next/link";
import type { ConnectionView } from "@/lib/connections/view";
import { useCheckConnection, useConnection } from "@/lib/hooks/use-connection";
import { describeScope } from "@/lib/scopes";
import { ConnectButton } from "./connect-button";
import { DisconnectDialog } from "./disconnect-dialog";
import { StatusBadge } from "./status-badge";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function when(iso: string | null) {
  return iso ? <time dateTime={iso}>{dateTime.format(new Date(iso))}</time> : <span className="muted">Never</span>;
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

export function ConnectionPanel({ providerId }: { providerId: string }) {
  const { data: connection, error, isPending } = useConnection();
  const check = useCheckConnection();

  if (isPending) return <p className="card">Loading the connection…</p>;
  if (error || !connection) {
    return (
      <p role="alert" className="notice notice--danger">
        {error?.message ?? "The connection could not be loaded."}
      </p>
    );
  }

  return (
    <>
      <section className="card" aria-labelledby="connection-title">
        <div className="button-row" style={{ justifyContent: "space-between", marginBottom: "1rem" }}>
          <h2 id="connection-title" style={{ margin: 0 }}>
            {connection.organizationName}
          </h2>
          <StatusBadge status={connection.status} />
        </div>
        {connection.status !== "active" && (
          <div className="notice notice--warn" role="status">
            <p>{connection.statusReason ?? "This connection is not active."}</p>
            <div className="button-row">
              <ConnectButton providerId={providerId} label="Reconnect" />
            </div>
          </div>
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
                <li key={scope}>
                  {describeScope(scope)} <span className="muted small">({scope})</span>
                </li>
              ))}
            </ul>
          </dd>
          <dt>Connected since</dt>
          <dd>{when(connection.connectedAt)}</dd>
          <dt>Last refresh</dt>
          <dd>{when(connection.lastRefreshedAt)}</dd>
          <dt>Last checked</dt>
          <dd>{when(connection.lastCheckedAt)}</dd>
        </dl>
        {check.data?.problem && (
          <p role="alert" className="notice notice--danger">
            {check.data.problem}
          </p>
        )}
        {check.isError && (
          <p role="alert" className="notice notice--danger">
            {check.error.message}
          </p>
        )}
        {check.data && !check.data.problem && (
          <p role="status" className="notice notice--ok">
            The service answered: the connection works.
          </p>
        )}
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => check.mutate()}
            disabled={check.isPending}
          >
            {check.isPending ? "Checking…" : "Check connection"}
          </button>
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
                {when(s.at)}
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
              {when(event.at)}
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
