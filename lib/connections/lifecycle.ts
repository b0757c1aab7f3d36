// Health check and disconnect: the two things an admin does to a connection from settings.
import "server-only";
import { AppError } from "@/lib/app-error";
import { log } from "@/lib/log";
import { getAccountDetails, setIntegrationStatus } from "@/lib/service/account";
import { withServiceAccess } from "./service-access";
import { markChecked, markDisconnected } from "./store";

/** Asks the service for the account details; a disabled integration is recorded on the way. */
export async function checkConnection(connectionId: string): Promise<void> {
  const details = await withServiceAccess(connectionId, (token, target) => getAccountDetails(target, token));
  await markChecked(connectionId, details.organization.name);
}

/**
 * Tells the service the integration is disconnected, then deletes the tokens and ends every
 * session. If the service cannot be told, the tokens are deleted all the same: the admin asked
 * for Apportion to stop holding them, and says so.
 */
export async function disconnectConnection(connectionId: string): Promise<{ serviceNotified: boolean }> {
  let serviceNotified = false;
  try {
    await withServiceAccess(connectionId, (token, target) =>
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
