// The signed-in admin's connection. A session is valid only while its connection exists, is not
// disconnected, and has the same session epoch (disconnect bumps it, ending every session).
import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/lib/app-error";
import { findConnection } from "@/lib/connections/store";
import type { Connection } from "@/lib/generated/prisma/client";
import { getAuthOptions } from "./options";

/**
 * Read once per server render: the layout and the page both ask, and they ask about the same
 * request (React's cache is scoped to one render; route handlers run it every time).
 */
export const getCurrentConnection = cache(async function getCurrentConnection(): Promise<Connection | null> {
  const session = await getServerSession(getAuthOptions());
  if (!session?.connectionId) return null;
  const connection = await findConnection(session.connectionId);
  if (!connection || connection.status === "disconnected" || connection.sessionEpoch !== session.sessionEpoch) {
    return null;
  }
  return connection;
});

/** For pages: sends a visitor without a valid session to the landing page. */
export async function requireConnection(): Promise<Connection> {
  const connection = await getCurrentConnection();
  if (!connection) redirect("/?signed_out=1");
  return connection;
}

/** For route handlers. */
export async function requireConnectionForApi(): Promise<Connection> {
  const connection = await getCurrentConnection();
  if (!connection) throw new AppError("unauthenticated", "Your session has ended. Connect again to continue.");
  return connection;
}

/** Both cookie names next-auth may use (the __Secure- one on https). */
export const SESSION_COOKIE_NAMES = ["next-auth.session-token", "__Secure-next-auth.session-token"] as const;
