// The connection page's routes (app/api/connection/**) and their hooks (lib/hooks/use-connection.ts).
import type { ConnectionView } from "@/lib/connections/view";
import type { disconnectConnection } from "@/lib/connections/lifecycle";
import { contract } from "./contract";

/** GET /api/connection: a connection that no longer exists is a 404, never null. */
export const connectionRead = contract<ConnectionView>();

/** POST /api/connection/check: the state after asking the service, and why it failed if it did. */
export const connectionCheck = contract<{ connection: ConnectionView | null; problem: string | null }>();

/** POST /api/connection/disconnect */
export const connectionDisconnect = contract<Awaited<ReturnType<typeof disconnectConnection>>>();
