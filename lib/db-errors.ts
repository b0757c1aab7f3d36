// What a database error means, in one place: Prisma's own code for a query it built (P2002), or
// PostgreSQL's (23505) for a statement written by hand.
import "server-only";

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "P2002" || code === "23505";
}
