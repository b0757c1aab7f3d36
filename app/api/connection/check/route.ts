import { apiRoute } from "@/lib/api/route";
import { AppError } from "@/lib/app-error";
import { checkConnection } from "@/lib/connections/lifecycle";
import { readConnectionView } from "@/lib/connections/read";

/** Asks the service whether the connection still works; answers the updated state either way. */
export const POST = apiRoute({}, async ({ connection }) => {
  let problem: string | null = null;
  try {
    await checkConnection(connection.id);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problem = error.message;
  }
  return { connection: await readConnectionView(connection.id), problem };
});
