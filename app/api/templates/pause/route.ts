import { apiRoute } from "@/lib/http/route";
import { pausedByOf, pauseSchema, setPaused } from "@/lib/templates/pause";

// "Pause automatic sending" for the signed-in admin's organization (lib/templates/pause.ts).
export const PUT = apiRoute({ body: pauseSchema }, async ({ connection, body }) => {
  await setPaused(connection.id, body.paused, pausedByOf(connection));
  return { paused: body.paused };
});
