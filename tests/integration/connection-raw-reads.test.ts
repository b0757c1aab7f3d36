// The session check reads and the health check writes the connection with plain SQL straight on
// the pool (lib/db-sql.ts, sqlRows): they must give exactly the row Prisma's model queries give
// (types, dates, arrays, enums), whatever the machine's time zone. Stored timestamps are UTC
// without a zone; `pg` on its own reads and writes them in local time, so this file runs in a
// zone that is not UTC.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { readConnectionHistory } from "@/lib/connections/read";
import { findConnection, markStopped, recordCheck, saveGrant } from "@/lib/connections/store";
import { listSubmissions } from "@/lib/submissions/list";
import { failureOf } from "@/lib/submissions/failure";
import { resetTables } from "../support/app-db";

const grant = {
  environment: "playground" as const,
  organizationId: "2001",
  organizationName: "Org 2001",
  accessToken: "access",
  refreshToken: "refresh",
  scopes: ["basic", "data_add"],
  expiresAt: new Date("2026-11-22T10:11:12.345Z"),
};

vi.stubEnv("TZ", "America/New_York");
afterAll(() => vi.unstubAllEnvs());

describe("connection reads and the check's write in plain SQL (PostgreSQL)", () => {
  beforeEach(resetTables);

  it("findConnection gives the same row as Prisma's findUnique", async () => {
    const saved = await saveGrant(grant);
    await markStopped(saved.id, "disabled", "Disabled integration");
    const viaPrisma = await db().connection.findUnique({ where: { id: saved.id } });
    const raw = await findConnection(saved.id);
    expect(raw).toEqual(viaPrisma);
    expect(raw?.tokenExpiresAt).toBeInstanceOf(Date);
    expect(raw?.tokenExpiresAt?.toISOString()).toBe("2026-11-22T10:11:12.345Z");
  });

  it("findConnection finds nothing for an unknown or malformed id", async () => {
    expect(await findConnection("6f1c1f7e-8d7a-4a55-9a51-8c0f4f1b2c3d")).toBeNull();
    expect(await findConnection('not-a-uuid\'; DROP TABLE "Connection"; --')).toBeNull();
  });

  it("recordCheck stores the check time and a new name, and answers the row as Prisma reads it", async () => {
    const saved = await saveGrant(grant);
    const before = Date.now();
    const checked = await recordCheck(saved.id, "Renamed Org");
    expect(checked).toEqual(await db().connection.findUnique({ where: { id: saved.id } }));
    expect(checked?.organizationName).toBe("Renamed Org");
    expect(checked!.lastCheckedAt!.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(checked!.lastCheckedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1);
    expect(checked!.updatedAt.getTime()).toBe(checked!.lastCheckedAt!.getTime());
  });

  it("recordCheck relaxes the commit of its own transaction only", async () => {
    const saved = await saveGrant(grant);
    await recordCheck(saved.id, undefined);
    // The pool hands back the client it just released: the setting did not outlive the statement.
    const [setting] = await db().$queryRaw<{ value: string }[]>`SELECT current_setting('synchronous_commit') AS value`;
    expect(setting?.value).toBe("on");
  });

  it("recordCheck keeps the name when the service gives none", async () => {
    const saved = await saveGrant(grant);
    expect((await recordCheck(saved.id, undefined))?.organizationName).toBe("Org 2001");
    expect((await recordCheck(saved.id, ""))?.organizationName).toBe("Org 2001");
    expect(await recordCheck("6f1c1f7e-8d7a-4a55-9a51-8c0f4f1b2c3d", "x")).toBeNull();
  });

  it("readConnectionHistory gives the latest events and submissions, as the model queries do", async () => {
    const saved = await saveGrant(grant);
    const other = await saveGrant({ ...grant, organizationId: "2002" });
    for (let i = 0; i < 12; i++) {
      await db().connectionEvent.create({
        data: {
          connectionId: saved.id,
          type: "refreshed",
          detail: `n${i}`,
          createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
        },
      });
    }
    await db().connectionEvent.create({ data: { connectionId: other.id, type: "refreshed", detail: "other" } });
    for (let i = 0; i < 6; i++) {
      await db().submission.create({
        data: {
          connectionId: saved.id,
          idempotencyKey: `k${i}`,
          requestHash: "h",
          // One the service reported failed: the card says why it is Failed.
          status: i === 4 ? "needs_attention" : "complete_with_drops",
          transactionCount: 1,
          rowCount: 2,
          createdAt: new Date(Date.UTC(2026, 10, 2, 0, i)),
          batches: {
            create:
              i === 4
                ? { index: 0, matchBy: "id", body: {}, status: "failed", serviceImportId: "7", serviceStatus: "Failed" }
                : { index: 0, matchBy: "id", body: {} },
          },
        },
      });
    }
    const latest = await db().submission.findFirstOrThrow({
      where: { connectionId: saved.id },
      orderBy: { createdAt: "desc" },
      include: { batches: true },
    });
    for (const [rowIndex, outcome] of (["dropped", "dropped", "imported"] as const).entries()) {
      await db().submissionRow.create({
        data: {
          submissionId: latest.id,
          batchId: latest.batches[0]!.id,
          rowIndex,
          splitId: `s${rowIndex}`,
          transactionId: "t",
          unitAmountCents: 100n,
          quantity: 1,
          fund: "General",
          outcome,
        },
      });
    }

    const history = await readConnectionHistory(saved.id);
    const events = await db().connectionEvent.findMany({
      where: { connectionId: saved.id },
      orderBy: { createdAt: "desc" },
      take: 10,
      select: { id: true, type: true, detail: true, createdAt: true },
    });
    expect(history.events).toEqual(events);
    expect(history.events[0]?.createdAt.toISOString()).toBe(events[0]?.createdAt.toISOString());
    const listed = await listSubmissions(saved.id, 5);
    const failed = await db().submissionBatch.findMany({
      where: { submissionId: { in: listed.map((s) => s.id) }, status: "failed" },
      orderBy: { index: "asc" },
    });
    expect(history.submissions).toEqual(
      listed.map((s) => ({
        id: s.id,
        status: s.status,
        verification: s.verificationState,
        transactionCount: s.transactionCount,
        rowCount: s.rowCount,
        droppedCount: s.droppedCount,
        failure: failureOf(failed.filter((b) => b.submissionId === s.id)),
        at: s.createdAt,
      })),
    );
    expect(history.submissions.map((s) => s.failure)).toEqual([null, "import_failed", null, null, null]);
    expect(history.submissions[0]?.droppedCount).toBe(2);
    expect(await readConnectionHistory("6f1c1f7e-8d7a-4a55-9a51-8c0f4f1b2c3d")).toEqual({
      events: [],
      submissions: [],
    });
  });
});
