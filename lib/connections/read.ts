// The settings page's read of the signed-in admin's connection, scoped to it by construction.
import "server-only";
import type { Connection, ConnectionEvent } from "@/lib/generated/prisma/client";
import { listSubmissions } from "@/lib/imports/read";
import { findConnection, listEvents } from "./store";
import { type ConnectionView, toConnectionView } from "./view";

/** The audit trail beside a connection: its latest events and submissions. */
export type ConnectionHistory = { events: ConnectionEvent[]; submissions: ConnectionView["submissions"] };

export async function readConnectionHistory(connectionId: string): Promise<ConnectionHistory> {
  const [events, submissions] = await Promise.all([listEvents(connectionId, 10), listSubmissions(connectionId, 5)]);
  return {
    events,
    submissions: submissions.map((s) => ({
      id: s.id,
      status: s.status,
      rowCount: s.rowCount,
      droppedCount: s.droppedCount,
      at: s.createdAt,
    })),
  };
}

export async function readConnectionView(connectionId: string): Promise<ConnectionView | null> {
  const [connection, history] = await Promise.all([findConnection(connectionId), readConnectionHistory(connectionId)]);
  if (!connection) return null;
  return toConnectionView(connection, history.events, history.submissions);
}

/** The view of a connection already read, with its history (read by the caller, perhaps earlier). */
export function connectionViewOf(connection: Connection, history: ConnectionHistory): ConnectionView {
  return toConnectionView(connection, history.events, history.submissions);
}
