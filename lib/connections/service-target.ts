import "server-only";
import { getEnv } from "@/lib/env";
import type { ClientCredentials } from "@/lib/service/oauth";
import type { ServiceTarget } from "@/lib/service/request";

export function serviceTarget(): ServiceTarget {
  const env = getEnv();
  return { baseUrl: env.SERVICE_BASE_URL, importsListPath: env.SERVICE_IMPORTS_LIST_PATH };
}

export function clientCredentials(): ClientCredentials {
  const env = getEnv();
  return { clientId: env.SERVICE_CLIENT_ID, clientSecret: env.SERVICE_CLIENT_SECRET };
}
