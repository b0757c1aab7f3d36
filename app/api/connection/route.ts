import { apiRoute } from "@/lib/http/route";
import { AppError } from "@/lib/app-error";
import { readConnectionView } from "@/lib/connections/read";
import { connectionRead } from "@/lib/contracts/connection";

export const GET = apiRoute({ contract: connectionRead }, async ({ connection }) => {
  const view = await readConnectionView(connection.id);
  if (!view) throw new AppError("not_found", "This connection no longer exists.");
  return view;
});
