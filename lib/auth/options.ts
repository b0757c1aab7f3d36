// next-auth configuration: one provider (the service, in the configured environment), JWT
// sessions that carry only the connection's id and session epoch, and the grant saved on sign-in.
import "server-only";
import { returnPath } from "@/lib/return-path";
import type { NextAuthOptions } from "next-auth";
import { parseScopes, saveGrant } from "@/lib/connections/store";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { failureFromNextAuthError, recordConnectFailure } from "./connect-failure";
import { serviceProvider } from "./service-provider";

const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

let cached: NextAuthOptions | undefined;

export function getAuthOptions(): NextAuthOptions {
  cached ??= buildAuthOptions();
  return cached;
}

function buildAuthOptions(): NextAuthOptions {
  const env = getEnv();
  return {
    secret: env.NEXTAUTH_SECRET,
    providers: [serviceProvider(env)],
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/", error: "/connect/error" },
    logger: {
      error(code, metadata) {
        const error = metadata instanceof Error ? metadata : (metadata as { error?: unknown })?.error;
        const failure = error instanceof Error ? failureFromNextAuthError(error.message) : undefined;
        if (failure) recordConnectFailure(failure);
        log.error(`auth.${code.toLowerCase()}`, { error });
      },
      warn(code) {
        log.warn(`auth.${code.toLowerCase()}`);
      },
      debug() {},
    },
    callbacks: {
      // After connecting, only a path of this app (lib/return-path.ts); next-auth's default would
      // also take any address on the same origin, including its own routes.
      redirect({ url, baseUrl }) {
        return baseUrl + returnPath(url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url);
      },
      async jwt({ token, account, user }) {
        if (!account) return token;
        try {
          const connection = await saveGrant({
            environment: env.SERVICE_ENVIRONMENT,
            organizationId: user.id,
            organizationName: user.name ?? `Organization ${user.id}`,
            accessToken: account.access_token ?? "",
            refreshToken: account.refresh_token ?? null,
            scopes: parseScopes(account.scope, env.SERVICE_SCOPES),
            expiresAt: account.expires_at ? new Date(account.expires_at * 1000) : null,
          });
          log.info("connection.connected", { connectionId: connection.id, organizationId: user.id });
          return {
            sub: connection.id,
            name: connection.organizationName,
            connectionId: connection.id,
            sessionEpoch: connection.sessionEpoch,
          };
        } catch (error) {
          recordConnectFailure("storage_failed");
          throw error;
        }
      },
      session({ session, token }) {
        return { ...session, connectionId: token.connectionId, sessionEpoch: token.sessionEpoch };
      },
    },
  };
}
