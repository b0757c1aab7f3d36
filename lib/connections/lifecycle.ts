// Health check and disconnect: the two things an admin does to a connection from settings.
import "server-only";
import { AppError } from "@/lib/app-error";
import type { Connection } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { getAccountDetails, setIntegrationStatus } from "@/lib/service/account";
import { withServiceAccess } from "./service-access";
import { markDisconnected, recordCheck } from "./store";

/**
 * Asks the service for the account details and records the check (with the organization's name
 * as the service now gives it) in one update, which returns the connection as it now is. A
 * disabled integration is recorded on the way. Pass the connection the session check just read
 * to save reading it again.
 */
export async function checkConnection(connection: Connection | string): Promise<Connection> {
  const id = typeof connection === "string" ? connection : connection.id;
  const details = await withServiceAccess(connection, (token, target) => getAccountDetails(target, token));
  const checked = await recordCheck(id, details.organization.name);
  if (!checked) throw new AppError("not_found", "This connection no longer exists.");
  return checked;
}

/**
 * Tells the service the integration is disconnected, then deletes the tokens and ends every
 * session. If the service cannot be told, the tokens are deleted all the same: the admin asked
 * for Apportion to stop holding them, and says so.
 */
export async function disconnectConnection(connection: Connection | string): Promise<{ serviceNotified: boolean }> {
  const connectionId = typeof connection === "string" ? connection : connection.id;
  let serviceNotified = false;
  try {
    await withServiceAccess(connection, (token, target) =>
      setIntegrationStatus(target, token, { status: "disconnected", units: "0" }),
    );
    serviceNotified = true;
  } catch (error) {
    // Already disabled on the service's side: there is nothing left to tell it.
    serviceNotified = error instanceof AppError && error.code === "connection_disabled";
    if (!serviceNotified) log.warn("connection.disconnect_notify_failed", { connectionId, error });
  }
  await markDisconnected(
    connectionId,
    serviceNotified
      ? "The service was told the integration is disconnected; tokens deleted."
      : "The service could not be told; tokens deleted anyway.",
  );
  return { serviceNotified };
}
