// What the browser may see of a connection: never a token, never an envelope.
import "server-only";
import { getEnv } from "@/lib/env";
import type { Connection, ConnectionEvent, SubmissionStatus } from "@/lib/generated/prisma/client";
import type { FailureCause, VerificationState } from "@/lib/submissions/submission-state";
import { missingScopes, scopeWarning } from "@/lib/scopes";

export type ConnectionView = {
  organizationId: string;
  organizationName: string;
  environment: Connection["environment"];
  scopes: string[];
  /** Set when the service granted less than Apportion asked for (SERVICE_SCOPES). */
  scopeWarning: string | null;
  status: Connection["status"];
  statusReason: string | null;
  /** The first connect of this organization (the row is kept across disconnects). */
  firstConnectedAt: string;
  /** The latest connect or reconnect. */
  connectedAt: string;
  lastRefreshedAt: string | null;
  lastCheckedAt: string | null;
  events: { id: string; type: ConnectionEvent["type"]; detail: string | null; at: string }[];
  /** The latest submissions, for the health page's audit trail. */
  submissions: {
    id: string;
    status: SubmissionStatus;
    verification: VerificationState | null;
    transactionCount: number;
    rowCount: number;
    droppedCount: number;
    /** Why it is Failed, when a batch failed (lib/submissions/failure.ts). */
    failure: FailureCause | null;
    at: string;
  }[];
};

/** What the view needs of an event. */
export type EventView = Pick<ConnectionEvent, "id" | "type" | "detail" | "createdAt">;

export function toConnectionView(
  connection: Connection,
  events: EventView[] = [],
  submissions: ConnectionView["submissions"] = [],
): ConnectionView {
  return {
    organizationId: connection.organizationId,
    organizationName: connection.organizationName,
    environment: connection.environment,
    scopes: connection.scopes,
    scopeWarning: scopeWarning(missingScopes(connection.scopes, getEnv().SERVICE_SCOPES)),
    status: connection.status,
    statusReason: connection.statusReason,
    firstConnectedAt: connection.createdAt.toISOString(),
    connectedAt: connection.connectedAt.toISOString(),
    lastRefreshedAt: connection.lastRefreshedAt?.toISOString() ?? null,
    lastCheckedAt: connection.lastCheckedAt?.toISOString() ?? null,
    events: events.map((e) => ({ id: e.id, type: e.type, detail: e.detail, at: e.createdAt.toISOString() })),
    submissions,
  };
}
