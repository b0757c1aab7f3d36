-- AlterTable
ALTER TABLE "Connection" ADD COLUMN     "refreshLeaseOwner" TEXT,
ADD COLUMN     "refreshLeaseUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "SubmissionChunk" ADD COLUMN     "claimedBy" TEXT,
ADD COLUMN     "nextAttemptAt" TIMESTAMP(3);

