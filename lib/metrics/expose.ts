// Who may read the metrics, and their text. Only the operator: a bearer token (METRICS_TOKEN)
// compared in constant time (both sides hashed first, so neither the length nor a prefix leaks
// through timing). Without a token configured, metrics are off in production (404, as if there
// were nothing here) and open in development and tests, which listen on this machine only.
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";
import { installServiceMetrics } from "./service-calls";
import { metrics } from "./registry";

export type MetricsAnswer = { status: 200 | 401 | 404; body: string; contentType: string };

const digest = (text: string) => createHash("sha256").update(text).digest();

export function metricsAuthorized(authorization: string | null): "yes" | "no" | "off" {
  const env = getEnv();
  const tokens = env.METRICS_TOKEN;
  if (!tokens) return env.NODE_ENV === "production" ? "off" : "yes";
  const offered = digest(/^Bearer (.+)$/.exec(authorization ?? "")?.[1] ?? "");
  // Two while rotating (new,old): each compared, so the time taken says nothing of which matched.
  const matches = tokens.map((token) => timingSafeEqual(offered, digest(token)));
  return matches.includes(true) ? "yes" : "no";
}

export async function metricsAnswer(authorization: string | null): Promise<MetricsAnswer> {
  const allowed = metricsAuthorized(authorization);
  const plain = "text/plain; charset=utf-8";
  if (allowed === "off") return { status: 404, body: "Not found\n", contentType: plain };
  if (allowed === "no") return { status: 401, body: "Unauthorized\n", contentType: plain };
  // Installed on first use too, for a process (the web server without its worker) that has not.
  installServiceMetrics();
  const { registry } = metrics();
  return { status: 200, body: await registry.metrics(), contentType: registry.contentType };
}
