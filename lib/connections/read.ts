// The settings page's read of the signed-in admin's connection, scoped to it by construction.
import "server-only";
import { listSubmissions } from "@/lib/imports/read";
import { findConnection, listEvents } from "./store";
import { type ConnectionView, toConnectionView } from "./view";

export async function readConnectionView(connectionId: string): Promise<ConnectionView | null> {
  const [connection, events, submissions] = await Promise.all([
    findConnection(connectionId),
    listEvents(connectionId, 10),
    listSubmissions(connectionId, 5),
  ]);
  if (!connection) return null;
  return toConnectionView(
    connection,
    events,
    submissions.map((s) => ({
      id: s.id,
      status: s.status,
      rowCount: s.rowCount,
      droppedCount: s.droppedCount,
      at: s.createdAt,
    })),
  );
}
