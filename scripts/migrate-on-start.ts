// Whether the launcher applies pending migrations before it starts the app. `npm run dev` and the
// embedded database always do (one process, nobody else to migrate it). `npm start` on a
// PostgreSQL server does only with MIGRATE_ON_START=1: an upgrade migrates first, once, from one
// process (README "Upgrading"), and the app need not hold schema rights at run time. Without it a
// release on an older schema is not ready (/api/health/ready answers 503) until someone migrates.
export function migratesOnStart(mode: "dev" | "start", source: Record<string, string | undefined>): boolean {
  if (mode === "dev" || !source.DATABASE_URL) return true;
  return source.MIGRATE_ON_START === "1";
}
