-- A full run's time range cut into windows read at once (issue 22), each resumable from its own
-- cursor. A new table only: an older release ignores it and keeps resuming from
-- TransactionSync.resumeBefore.
CREATE TABLE "TransactionSyncWindow" (
    "id" UUID NOT NULL,
    "connectionId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "after" TIMESTAMP(3),
    "before" TIMESTAMP(3),
    "resumeBefore" TIMESTAMP(3),
    "copied" INTEGER NOT NULL DEFAULT 0,
    "expected" INTEGER,
    "done" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "TransactionSyncWindow_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "TransactionSyncWindow_connectionId_position_key" ON "TransactionSyncWindow"("connectionId", "position");

ALTER TABLE "TransactionSyncWindow" ADD CONSTRAINT "TransactionSyncWindow_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "TransactionSync"("connectionId") ON DELETE CASCADE ON UPDATE CASCADE;
