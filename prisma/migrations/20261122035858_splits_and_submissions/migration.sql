-- CreateEnum
CREATE TYPE "SubmissionStatus" AS ENUM ('sending', 'processing', 'complete', 'complete_with_drops', 'needs_attention');

-- CreateEnum
CREATE TYPE "ChunkStatus" AS ENUM ('pending', 'sending', 'sent', 'complete', 'failed');

-- CreateEnum
CREATE TYPE "RowOutcome" AS ENUM ('pending', 'imported', 'dropped');

-- AlterTable
ALTER TABLE "Connection" ADD COLUMN     "transactionsSyncedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "KnownTransaction" (
    "connectionId" UUID NOT NULL,
    "transactionId" TEXT NOT NULL,
    "externalId" TEXT,
    "amountCents" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "campaign" TEXT,
    "campaignId" TEXT,
    "fund" TEXT,
    "fundId" TEXT,
    "contactName" TEXT,
    "syncedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KnownTransaction_pkey" PRIMARY KEY ("connectionId","transactionId")
);

-- CreateTable
CREATE TABLE "KnownSplit" (
    "connectionId" UUID NOT NULL,
    "splitId" TEXT NOT NULL,
    "transactionId" TEXT NOT NULL,
    "unitAmountCents" BIGINT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "campaign" TEXT,
    "campaignId" TEXT,
    "parentCampaign" TEXT,
    "parentCampaignId" TEXT,
    "fund" TEXT NOT NULL,
    "fundId" TEXT,
    "deletedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KnownSplit_pkey" PRIMARY KEY ("connectionId","splitId")
);

-- CreateTable
CREATE TABLE "Submission" (
    "id" UUID NOT NULL,
    "connectionId" UUID NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" "SubmissionStatus" NOT NULL DEFAULT 'sending',
    "transactionCount" INTEGER NOT NULL,
    "rowCount" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Submission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SubmissionChunk" (
    "id" UUID NOT NULL,
    "submissionId" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "matchBy" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "status" "ChunkStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "serviceImportId" TEXT,
    "serviceStatus" TEXT,
    "claimedAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "checkedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "SubmissionChunk_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SubmissionRow" (
    "id" UUID NOT NULL,
    "submissionId" UUID NOT NULL,
    "chunkId" UUID NOT NULL,
    "rowIndex" INTEGER NOT NULL,
    "splitId" TEXT NOT NULL,
    "transactionId" TEXT NOT NULL,
    "unitAmountCents" BIGINT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "campaign" TEXT,
    "campaignId" TEXT,
    "parentCampaign" TEXT,
    "parentCampaignId" TEXT,
    "fund" TEXT NOT NULL,
    "fundId" TEXT,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "outcome" "RowOutcome" NOT NULL DEFAULT 'pending',
    "dropCode" TEXT,
    "dropMessage" TEXT,

    CONSTRAINT "SubmissionRow_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "KnownTransaction_connectionId_occurredAt_idx" ON "KnownTransaction"("connectionId", "occurredAt" DESC);

-- CreateIndex
CREATE INDEX "KnownSplit_connectionId_transactionId_idx" ON "KnownSplit"("connectionId", "transactionId");

-- CreateIndex
CREATE INDEX "Submission_connectionId_createdAt_idx" ON "Submission"("connectionId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Submission_connectionId_idempotencyKey_key" ON "Submission"("connectionId", "idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "SubmissionChunk_submissionId_index_key" ON "SubmissionChunk"("submissionId", "index");

-- CreateIndex
CREATE INDEX "SubmissionRow_submissionId_idx" ON "SubmissionRow"("submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "SubmissionRow_chunkId_rowIndex_key" ON "SubmissionRow"("chunkId", "rowIndex");

-- AddForeignKey
ALTER TABLE "KnownTransaction" ADD CONSTRAINT "KnownTransaction_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KnownSplit" ADD CONSTRAINT "KnownSplit_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KnownSplit" ADD CONSTRAINT "KnownSplit_connectionId_transactionId_fkey" FOREIGN KEY ("connectionId", "transactionId") REFERENCES "KnownTransaction"("connectionId", "transactionId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SubmissionChunk" ADD CONSTRAINT "SubmissionChunk_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SubmissionRow" ADD CONSTRAINT "SubmissionRow_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SubmissionRow" ADD CONSTRAINT "SubmissionRow_chunkId_fkey" FOREIGN KEY ("chunkId") REFERENCES "SubmissionChunk"("id") ON DELETE CASCADE ON UPDATE CASCADE;

