// `npm run keys:rotate`: after putting a new key first in TOKEN_ENCRYPTION_KEYS (keeping the old
// ones after it), re-seals every stored token with the new key. Then the old keys can be removed.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV !== "production");
const { getEnv } = await import("../lib/env");
if (!getEnv().DATABASE_URL) {
  console.error("DATABASE_URL is required (the embedded database is only reachable while `npm run dev` runs).");
  process.exit(1);
}
const { resealAllTokens } = await import("../lib/connections/rotate-keys");
const { db } = await import("../lib/db");
const report = await resealAllTokens();
console.log(
  `Re-sealed ${report.resealed} connection(s) with key "${getEnv().TOKEN_ENCRYPTION_KEYS[0]?.id}"; ` +
    `${report.alreadyCurrent} already used it; ${report.skipped} changed meanwhile (already current).`,
);
if (report.unreadableKeyIds.length > 0) {
  const ids = [...new Set(report.unreadableKeyIds)].join(", ");
  console.error(
    `${report.unreadableKeyIds.length} connection(s) are sealed with key(s) not in TOKEN_ENCRYPTION_KEYS (${ids}). ` +
      "Add those keys after the new one and run this again; nothing was lost.",
  );
  process.exitCode = 1;
}
await db().$disconnect();
