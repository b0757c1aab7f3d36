import { apiRoute } from "@/lib/http/route";
import { AppError } from "@/lib/app-error";
import { checkConnection } from "@/lib/connections/lifecycle";
import { connectionCheck } from "@/lib/contracts/connection";
import { connectionViewOf, readConnectionHistory, readConnectionView } from "@/lib/connections/read";

/** Asks the service whether the connection still works; answers the updated state either way. */
export const POST = apiRoute({ contract: connectionCheck }, async ({ connection }) => {
  // The audit trail is read while the service answers: a successful check adds no event to it.
  const history = readConnectionHistory(connection.id);
  history.catch(() => {}); // awaited below on the path that uses it; never an unhandled rejection
  try {
    const checked = await checkConnection(connection);
    // A refresh on the way recorded an event after the read above: read the trail again.
    const refreshed = checked.tokenVersion !== connection.tokenVersion;
    return {
      connection: connectionViewOf(checked, refreshed ? await readConnectionHistory(connection.id) : await history),
      problem: null,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A failed check may have changed the state and recorded why: read everything again.
    return { connection: await readConnectionView(connection.id), problem: error.message };
  }
});
