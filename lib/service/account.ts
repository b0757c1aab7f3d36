// Account details and integration status (scope basic; docs/service.md).
import "server-only";
import { DEFAULT_RETRY } from "./retry";
import { apiRequest, type ServiceTarget } from "./request";
import { accountDetailsSchema, type AccountDetails, integrationStatusAnswerSchema } from "./schemas";

export function getAccountDetails(target: ServiceTarget, accessToken: string): Promise<AccountDetails> {
  return apiRequest(target, {
    method: "GET",
    path: "/details",
    accessToken,
    schema: accountDetailsSchema,
    retry: DEFAULT_RETRY,
  });
}

export type IntegrationStatus = { status: "Connected"; units: string } | { status: "disconnected"; units: "0" };

export async function setIntegrationStatus(
  target: ServiceTarget,
  accessToken: string,
  status: IntegrationStatus,
): Promise<void> {
  // Setting the same status twice is harmless, so retrying is safe.
  await apiRequest(target, {
    method: "POST",
    path: "/integrations/status",
    accessToken,
    body: { data: status },
    schema: integrationStatusAnswerSchema,
    retry: DEFAULT_RETRY,
  });
}
