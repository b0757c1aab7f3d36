-- CreateEnum
CREATE TYPE "TemplateMatch" AS ENUM ('campaign', 'fund', 'above', 'below', 'donor');

-- CreateEnum
CREATE TYPE "InboxStatus" AS ENUM ('waiting', 'choose', 'automatic', 'sending', 'sent', 'skipped', 'left_alone');

-- AlterTable: the column is added without a default first, so the gifts copied before it stay
-- null (not new to any template), then new rows get the database's clock in UTC
ALTER TABLE "KnownTransaction" ADD COLUMN     "firstSeenAt" TIMESTAMP(3);
ALTER TABLE "KnownTransaction" ALTER COLUMN "firstSeenAt" SET DEFAULT timezone('UTC'::text, now());

-- CreateTable
CREATE TABLE "AllocationTemplate" (
    "id" UUID NOT NULL,
    "connectionId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "lines" JSONB NOT NULL,
    "matchKind" "TemplateMatch" NOT NULL,
    "matchValue" TEXT,
    "matchCents" BIGINT,
    "autoSend" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AllocationTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InboxItem" (
    "id" UUID NOT NULL,
    "connectionId" UUID NOT NULL,
    "transactionId" TEXT NOT NULL,
    "templateId" UUID,
    "templateIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" "InboxStatus" NOT NULL,
    "allocation" JSONB,
    "note" TEXT,
    "sendKey" UUID,
    "submissionId" UUID,
    "sentAutomatically" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "InboxItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TemplateScan" (
    "connectionId" UUID NOT NULL,
    "scannedUntil" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TemplateScan_pkey" PRIMARY KEY ("connectionId")
);

-- CreateIndex
CREATE UNIQUE INDEX "AllocationTemplate_connectionId_name_key" ON "AllocationTemplate"("connectionId", "name");

-- CreateIndex
CREATE INDEX "InboxItem_connectionId_status_createdAt_idx" ON "InboxItem"("connectionId", "status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "InboxItem_connectionId_transactionId_key" ON "InboxItem"("connectionId", "transactionId");

-- CreateIndex: built CONCURRENTLY, the gift copy can hold millions of rows while the sync writes
CREATE INDEX CONCURRENTLY IF NOT EXISTS "KnownTransaction_connectionId_firstSeenAt_idx" ON "KnownTransaction"("connectionId", "firstSeenAt");

-- AddForeignKey
ALTER TABLE "AllocationTemplate" ADD CONSTRAINT "AllocationTemplate_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InboxItem" ADD CONSTRAINT "InboxItem_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InboxItem" ADD CONSTRAINT "InboxItem_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AllocationTemplate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TemplateScan" ADD CONSTRAINT "TemplateScan_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

