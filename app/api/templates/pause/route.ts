import { apiRoute } from "@/lib/http/route";
import { templatesPause } from "@/lib/contracts/templates";
import { pausedByOf, setPaused } from "@/lib/templates/pause";

// "Pause automatic sending" for the signed-in admin's organization (lib/templates/pause.ts).
export const PUT = apiRoute({ contract: templatesPause }, async ({ connection, body }) => {
  await setPaused(connection.id, body.paused, pausedByOf(connection));
  return { paused: body.paused };
});
