// Empties the app's data while the app's worker keeps running against it (the e2e server).
//
// Why not a plain TRUNCATE: `TRUNCATE "Connection" CASCADE` takes ACCESS EXCLUSIVE locks table by
// table, the parent first (Connection), then the tables that reference it. Every worker statement
// locks the other way round: the claim reads SubmissionBatch, then Submission, then Connection (in
// the order its FROM names them); read-back Submission then Connection; the templates loop
// InboxItem then Connection. A statement holding its lock on SubmissionBatch and waiting for
// Connection, while the TRUNCATE holds Connection and waits for SubmissionBatch, is a deadlock:
// PostgreSQL aborts one side after deadlock_timeout (1 s), and when the victim was the worker, its
// log said `deadlock detected` (worker.deliver_failed, follow, templates, read-back).
//
// So the reset waits for the loops instead: with a lock_timeout far below deadlock_timeout it
// gives up any lock it cannot have at once, letting go of those it holds before anyone waits on
// them for long, and tries again a moment later. A worker statement waits at most that long, so no
// deadlock is ever detected on either side; the reset goes through between two worker statements.
import type pg from "pg";

const LOCK_TIMEOUT_MS = 50;
const GIVE_UP_AFTER_MS = 30_000;

export async function resetAppDataWith(client: pg.Client | pg.PoolClient): Promise<{ tries: number }> {
  const started = Date.now();
  for (let tries = 1; ; tries++) {
    try {
      await client.query("BEGIN");
      await client.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT_MS}ms'`);
      // FundsDirtyDay has no key to Connection (its triggers write it while a connection's gifts go).
      await client.query(`TRUNCATE "Connection", "FundsDirtyDay" CASCADE`);
      await client.query("COMMIT");
      return { tries };
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      // 55P03: lock_not_available (the lock timeout); anything else is a real failure.
      if ((error as { code?: string }).code !== "55P03" || Date.now() - started > GIVE_UP_AFTER_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
  }
}
