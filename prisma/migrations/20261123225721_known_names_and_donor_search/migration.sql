-- CreateEnum
CREATE TYPE "KnownNameKind" AS ENUM ('campaign', 'fund', 'contact');

-- DropIndex
DROP INDEX "KnownTransaction_connectionId_campaignId_occurredAt_idx";

-- DropIndex
DROP INDEX "KnownTransaction_connectionId_fundId_occurredAt_idx";

-- DropIndex
DROP INDEX "KnownTransaction_searchText_idx";

-- AlterTable: the search column holds the donor's name only (issue 14: trigrams of ids, campaign
-- and fund were more than half of a first sync's database time). Renamed and rewritten in place.
ALTER TABLE "KnownTransaction" RENAME COLUMN "searchText" TO "contactSearch";
UPDATE "KnownTransaction" SET "contactSearch" = lower(coalesce("contactName", ''));

-- CreateTable
CREATE TABLE "KnownName" (
    "connectionId" UUID NOT NULL,
    "kind" "KnownNameKind" NOT NULL,
    "name" TEXT NOT NULL,
    "serviceId" TEXT,

    CONSTRAINT "KnownName_pkey" PRIMARY KEY ("connectionId","kind","name")
);

-- CreateIndex
CREATE INDEX "KnownSplit_connectionId_campaignId_idx" ON "KnownSplit"("connectionId", "campaignId");

-- CreateIndex
CREATE INDEX "KnownSplit_connectionId_fund_idx" ON "KnownSplit"("connectionId", "fund");

-- CreateIndex
CREATE INDEX "KnownTransaction_connectionId_campaignId_occurredAt_transac_idx" ON "KnownTransaction"("connectionId", "campaignId", "occurredAt" DESC, "transactionId");

-- CreateIndex
CREATE INDEX "KnownTransaction_connectionId_fund_occurredAt_transactionId_idx" ON "KnownTransaction"("connectionId", "fund", "occurredAt" DESC, "transactionId");

-- CreateIndex: donors are found by name in KnownName (trigrams, once per donor), then their
-- gifts by this b-tree index.
CREATE INDEX "KnownTransaction_connectionId_contactSearch_idx" ON "KnownTransaction"("connectionId", "contactSearch");

-- CreateIndex
CREATE INDEX "KnownName_name_idx" ON "KnownName" USING GIN ("name" gin_trgm_ops);

-- Backfill: the names the copy already holds, as lib/transactions/store-page.ts keeps them.
INSERT INTO "KnownName" ("connectionId", "kind", "name", "serviceId")
SELECT "connectionId", 'campaign'::"KnownNameKind", "campaign", max("campaignId") FROM "KnownTransaction"
WHERE "campaign" IS NOT NULL GROUP BY "connectionId", "campaign"
UNION ALL
SELECT "connectionId", 'fund'::"KnownNameKind", "fund", max("fundId") FROM "KnownTransaction"
WHERE "fund" IS NOT NULL GROUP BY "connectionId", "fund"
UNION ALL
SELECT "connectionId", 'contact'::"KnownNameKind", "contactSearch", NULL FROM "KnownTransaction"
WHERE "contactSearch" <> '' GROUP BY "connectionId", "contactSearch";

-- AddForeignKey
ALTER TABLE "KnownName" ADD CONSTRAINT "KnownName_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

