-- Trigram search (issue 14). pg_trgm is a trusted extension on PostgreSQL 13+, and the embedded
-- PGlite loads it (scripts/embedded-database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "TransactionSyncMode" AS ENUM ('full', 'changes');

-- AlterTable
ALTER TABLE "KnownTransaction" ADD COLUMN     "searchText" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "syncVersion" BIGINT;

-- Backfill: the same text lib/transactions/store-page.ts writes with every row.
UPDATE "KnownTransaction" SET "searchText" = lower(concat_ws(' ', "contactName", "transactionId", "externalId", "campaign", "fund"));

-- CreateTable
CREATE TABLE "TransactionSync" (
    "connectionId" UUID NOT NULL,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "mode" "TransactionSyncMode",
    "runStartedAt" TIMESTAMP(3),
    "resumeBefore" TIMESTAMP(3),
    "copied" INTEGER NOT NULL DEFAULT 0,
    "expected" INTEGER,
    "changesSince" TIMESTAMP(3),
    "fullCompletedAt" TIMESTAMP(3),
    "requestedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TransactionSync_pkey" PRIMARY KEY ("connectionId")
);

-- CreateIndex
CREATE INDEX "KnownTransaction_connectionId_externalId_idx" ON "KnownTransaction"("connectionId", "externalId");

-- CreateIndex
CREATE INDEX "KnownTransaction_connectionId_amountCents_idx" ON "KnownTransaction"("connectionId", "amountCents");

-- CreateIndex
CREATE INDEX "KnownTransaction_connectionId_campaignId_occurredAt_idx" ON "KnownTransaction"("connectionId", "campaignId", "occurredAt" DESC);

-- CreateIndex
CREATE INDEX "KnownTransaction_connectionId_fundId_occurredAt_idx" ON "KnownTransaction"("connectionId", "fundId", "occurredAt" DESC);

-- CreateIndex
CREATE INDEX "KnownTransaction_searchText_idx" ON "KnownTransaction" USING GIN ("searchText" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "TransactionSync" ADD CONSTRAINT "TransactionSync_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- DropIndex
DROP INDEX "KnownTransaction_connectionId_occurredAt_idx";

-- CreateIndex
CREATE INDEX "KnownTransaction_connectionId_occurredAt_transactionId_idx" ON "KnownTransaction"("connectionId", "occurredAt" DESC, "transactionId");

