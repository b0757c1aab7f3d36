// The settings page's read of the signed-in admin's connection, scoped to it by construction.
import "server-only";
import { findConnection, listEvents } from "./store";
import { type ConnectionView, toConnectionView } from "./view";

export async function readConnectionView(connectionId: string): Promise<ConnectionView | null> {
  const [connection, events] = await Promise.all([findConnection(connectionId), listEvents(connectionId, 10)]);
  return connection ? toConnectionView(connection, events) : null;
}
