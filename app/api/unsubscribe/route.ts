import type { NextRequest } from "next/server";
import { assertDeclaredLength } from "@/lib/http/limited-body";
import { getEnv } from "@/lib/env";
import { errorResponse } from "@/lib/http/errors";
import { unsubscribe } from "@/lib/notifications/unsubscribe";
import { verifyUnsubscribe } from "@/lib/notifications/unsubscribe-link";

// Unsubscribing, without signing in: the link's signature is the proof (lib/notifications/
// unsubscribe-link.ts), and it turns off one kind only. POST only: a mail client's one-click
// unsubscribe (RFC 8058, body "List-Unsubscribe=One-Click", sent from no page of ours, so no
// same-origin check) and the confirmation page's button (via=page: back to the page). A GET
// changes nothing here; the page at /unsubscribe asks first, since mail scanners open links.
export const dynamic = "force-dynamic";

export async function POST(request: NextRequest): Promise<Response> {
  try {
    // The body says nothing the address does not; a large one is refused unread.
    assertDeclaredLength(request, 1_024);
    const query = request.nextUrl.searchParams;
    const fromPage = query.get("via") === "page";
    const verified = verifyUnsubscribe({ r: query.get("r"), k: query.get("k"), s: query.get("s") });
    if (!verified) {
      if (fromPage) return seeOther("/unsubscribe?invalid=1");
      return Response.json(
        { error: { code: "forbidden", message: "This unsubscribe link is not valid." } },
        { status: 403, headers: { "Cache-Control": "no-store" } },
      );
    }
    const found = await unsubscribe(verified);
    if (fromPage) return seeOther(`/unsubscribe?done=${verified.kind}${found ? "" : "&gone=1"}`);
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}

function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { Location: `${getEnv().NEXTAUTH_URL}${path}` } });
}
