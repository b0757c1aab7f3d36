import { apiRoute } from "@/lib/http/route";
import { listInbox } from "@/lib/templates/inbox";

export const GET = apiRoute({}, async ({ connection, request }) =>
  listInbox(connection.id, request.nextUrl.searchParams.get("show") === "done" ? "done" : "waiting"),
);
