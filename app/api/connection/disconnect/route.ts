import { cookies } from "next/headers";
import { apiRoute } from "@/lib/http/route";
import { SESSION_COOKIE_NAMES } from "@/lib/auth/session";
import { disconnectConnection } from "@/lib/connections/lifecycle";

export const POST = apiRoute({}, async ({ connection }) => {
  const outcome = await disconnectConnection(connection);
  const jar = await cookies();
  for (const name of SESSION_COOKIE_NAMES) jar.delete(name);
  return outcome;
});
