import { cookies } from "next/headers";
import { apiRoute } from "@/lib/http/route";
import { SESSION_COOKIE_NAMES } from "@/lib/auth/session";
import { disconnectConnection } from "@/lib/connections/lifecycle";
import { connectionDisconnect } from "@/lib/contracts/connection";

export const POST = apiRoute({ contract: connectionDisconnect }, async ({ connection }) => {
  const outcome = await disconnectConnection(connection);
  const jar = await cookies();
  for (const name of SESSION_COOKIE_NAMES) jar.delete(name);
  return outcome;
});
