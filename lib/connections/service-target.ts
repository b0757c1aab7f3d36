import "server-only";
import { getEnv } from "@/lib/env";
import type { ClientCredentials } from "@/lib/service/oauth";
import type { ServiceTarget } from "@/lib/service/request";

export function serviceTarget(): ServiceTarget {
  return { baseUrl: getEnv().SERVICE_BASE_URL };
}

export function clientCredentials(): ClientCredentials {
  const env = getEnv();
  return { clientId: env.SERVICE_CLIENT_ID, clientSecret: env.SERVICE_CLIENT_SECRET };
}
