-- CreateEnum
CREATE TYPE "BulkSource" AS ENUM ('csv', 'rule');

-- CreateEnum
CREATE TYPE "BulkStatus" AS ENUM ('uploading', 'ready', 'submitted');

-- CreateTable
CREATE TABLE "AllocationRule" (
    "id" UUID NOT NULL,
    "connectionId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "lines" JSONB NOT NULL,
    "leftoverLine" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AllocationRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BulkDraft" (
    "id" UUID NOT NULL,
    "connectionId" UUID NOT NULL,
    "source" "BulkSource" NOT NULL,
    "label" TEXT NOT NULL,
    "status" "BulkStatus" NOT NULL DEFAULT 'uploading',
    "columns" TEXT[],
    "submissionId" UUID,
    "transactionCount" INTEGER NOT NULL DEFAULT 0,
    "validCount" INTEGER NOT NULL DEFAULT 0,
    "rowCount" INTEGER NOT NULL DEFAULT 0,
    "validRowCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BulkDraft_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BulkDraftItem" (
    "id" UUID NOT NULL,
    "draftId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "transactionKey" TEXT NOT NULL,
    "transactionId" TEXT,
    "valid" BOOLEAN NOT NULL,
    "errors" TEXT[],
    "rows" JSONB NOT NULL,
    "allocation" JSONB,

    CONSTRAINT "BulkDraftItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AllocationRule_connectionId_name_key" ON "AllocationRule"("connectionId", "name");

-- CreateIndex
CREATE INDEX "BulkDraft_connectionId_createdAt_idx" ON "BulkDraft"("connectionId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "BulkDraftItem_draftId_valid_position_idx" ON "BulkDraftItem"("draftId", "valid", "position");

-- CreateIndex
CREATE UNIQUE INDEX "BulkDraftItem_draftId_transactionKey_key" ON "BulkDraftItem"("draftId", "transactionKey");

-- AddForeignKey
ALTER TABLE "AllocationRule" ADD CONSTRAINT "AllocationRule_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BulkDraft" ADD CONSTRAINT "BulkDraft_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BulkDraft" ADD CONSTRAINT "BulkDraft_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BulkDraftItem" ADD CONSTRAINT "BulkDraftItem_draftId_fkey" FOREIGN KEY ("draftId") REFERENCES "BulkDraft"("id") ON DELETE CASCADE ON UPDATE CASCADE;

