// The migration linter (scripts/migration-lint.ts): squawk's rules and the project's own, with
// accepted exceptions, over migration folders written here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lintMigrations } from "@/scripts/migration-lint";

const root = mkdtempSync(path.join(os.tmpdir(), "migration-lint-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function lint(sql: string, exceptions: Parameters<typeof lintMigrations>[2] = []) {
  const dir = mkdtempSync(path.join(root, "case-"));
  mkdirSync(path.join(dir, "20270101000000_change"));
  writeFileSync(path.join(dir, "20270101000000_change", "migration.sql"), sql);
  const result = lintMigrations(dir, ".squawk.toml", exceptions);
  return { ...result, rules: result.refused.map((f) => `${f.line} ${f.rule}`) };
}

describe("lint:migrations", () => {
  it("lets additive changes through: a new table with its index and key, a nullable or constant-default column, an index built concurrently", () => {
    const { rules } = lint(`-- New things only
CREATE TABLE "Heartbeat" ("id" TEXT NOT NULL, "connectionId" UUID NOT NULL, "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP, CONSTRAINT "Heartbeat_pkey" PRIMARY KEY ("id"));
CREATE INDEX "Heartbeat_at_idx" ON "Heartbeat"("at");
ALTER TABLE "Heartbeat" ADD CONSTRAINT "Heartbeat_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE;
ALTER TABLE "KnownTransaction" ADD COLUMN "note" TEXT;
ALTER TABLE "SubmissionRow" ADD COLUMN "attempt" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX CONCURRENTLY IF NOT EXISTS "KnownTransaction_note_idx" ON "KnownTransaction"("note");
ALTER TYPE "SubmissionStatus" ADD VALUE 'paused';
`);
    expect(rules).toEqual([]);
  });

  it("refuses what breaks the release still running or blocks writes, naming the line", () => {
    const { rules } = lint(`CREATE INDEX "KnownTransaction_note_idx" ON "KnownTransaction"("note");
ALTER TABLE "SubmissionBatch" RENAME TO "ImportBatch";
ALTER TABLE "SubmissionRow" RENAME COLUMN "batchId" TO "importBatchId";
ALTER TABLE "KnownTransaction" DROP COLUMN "syncVersion";
ALTER TABLE "KnownTransaction" ADD COLUMN "token" UUID DEFAULT gen_random_uuid();
ALTER TABLE "KnownTransaction" ALTER COLUMN "amountCents" TYPE NUMERIC;
ALTER TYPE "BatchStatus" RENAME VALUE 'sent' TO 'delivered';
DROP INDEX "SubmissionRow_transactionId_idx";
UPDATE "KnownTransaction" SET "contactSearch" = '';
DROP TRIGGER "Connection_changed_update" ON "Connection";
`);
    expect(rules).toEqual([
      "1 require-concurrent-index-creation",
      "2 renaming-table",
      "3 renaming-column",
      "4 ban-drop-column",
      "5 adding-field-with-default",
      "6 changing-column-type",
      "7 renaming-type",
      "8 require-concurrent-index-deletion",
      "9 backfill-in-migration",
      "10 dropping-object",
    ]);
  });

  it("accepts a listed exception, and reports one that no longer matches anything", () => {
    const sql = `ALTER TABLE "SubmissionBatch" RENAME TO "ImportBatch";\n`;
    const accepted = lint(sql, [{ migration: "20270101000000_change", rules: ["renaming-table"], reason: "contract" }]);
    expect(accepted.rules).toEqual([]);
    expect(accepted.accepted.map((f) => f.rule)).toEqual(["renaming-table"]);
    const stale = lint(sql, [
      { migration: "20270101000000_change", rules: ["renaming-table", "ban-drop-table"], reason: "contract" },
    ]);
    expect(stale.stale).toEqual(["20270101000000_change ban-drop-table"]);
  });
});
