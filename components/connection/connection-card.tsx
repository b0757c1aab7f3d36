"use client";

import type { ConnectionView } from "@/lib/connections/view";
import { useCheckConnection } from "@/lib/hooks/use-connection";
import { describeScope } from "@/lib/scopes";
import { ConnectButton } from "./connect-button";
import { GiftCopy } from "./gift-copy";
import { StatusBadge } from "./status-badge";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { When } from "@/components/ui/when";

type Props = { connection: ConnectionView; providerId: string; zone: string };

/** The connection at a glance: health in one sentence, what Apportion may do, and the one
 *  action that helps now (Reconnect when something is wrong, a check when all is well). */
export function ConnectionCard({ connection, providerId, zone }: Props) {
  const check = useCheckConnection();
  const healthy = connection.status === "active";
  return (
    <section className="card connection-card" aria-labelledby="connection-title">
      <div className="card__head">
        <h2 id="connection-title">{connection.organizationName}</h2>
        <StatusBadge status={connection.status} />
      </div>
      {healthy ? (
        <p className="connection-card__health">Working: Apportion can read gifts and send splits.</p>
      ) : (
        <Notice tone="danger">
          <p>
            {connection.statusReason ?? "This connection is not active."} Nothing you submitted is lost: it waits for
            Reconnect.
          </p>
        </Notice>
      )}
      {connection.scopeWarning && (
        <p className="notice notice--warn" role="status">
          {connection.scopeWarning}
        </p>
      )}
      <dl className="facts">
        <dt>Last successful answer from the service</dt>
        <dd>
          <When iso={connection.lastCheckedAt} zone={zone} never="Not yet" />
        </dd>
        <dt>Apportion may</dt>
        <dd>
          <ul className="scope-list">
            {connection.scopes.map((scope) => (
              <li key={scope}>{describeScope(scope)}</li>
            ))}
          </ul>
        </dd>
        <dt>Connected since</dt>
        <dd>
          <When iso={connection.firstConnectedAt} zone={zone} />
          {/* A reconnect is worth knowing, but it is not when the connection began. */}
          {reconnected(connection) && (
            <span className="small muted">
              {" "}
              · reconnected <When iso={connection.connectedAt} zone={zone} />
            </span>
          )}
        </dd>
        <dt>Gifts in Apportion&apos;s copy</dt>
        <dd>
          <GiftCopy zone={zone} />
        </dd>
        <dt>Access last renewed</dt>
        <dd>
          <When iso={connection.lastRefreshedAt} zone={zone} never="Not needed yet" />
        </dd>
        <dt>Organization id</dt>
        <dd>{connection.organizationId}</dd>
        <dt>Environment</dt>
        <dd>{connection.environment === "playground" ? "Playground (test)" : "Production"}</dd>
      </dl>
      {check.data?.problem && <Notice tone="danger">{check.data.problem}</Notice>}
      {check.isError && <Notice tone="danger">{check.error.message}</Notice>}
      {check.data && !check.data.problem && <Notice tone="ok">The service answered: the connection works.</Notice>}
      <div className="button-row">
        {!healthy && <ConnectButton providerId={providerId} label="Reconnect" callbackUrl="here" />}
        <Button variant="secondary" onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? "Checking…" : "Check connection"}
        </Button>
      </div>
    </section>
  );
}

/** Whether the latest connect came later than the first (a minute apart at least: the first
 *  connect writes both moments a few milliseconds apart). */
function reconnected(c: ConnectionView): boolean {
  return new Date(c.connectedAt).getTime() - new Date(c.firstConnectedAt).getTime() > 60_000;
}
