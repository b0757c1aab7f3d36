import { apiRoute } from "@/lib/http/route";
import { inboxList } from "@/lib/contracts/inbox";
import { listInbox } from "@/lib/templates/inbox";

export const GET = apiRoute({ contract: inboxList }, async ({ connection, request }) =>
  listInbox(connection.id, request.nextUrl.searchParams.get("show") === "done" ? "done" : "waiting"),
);
