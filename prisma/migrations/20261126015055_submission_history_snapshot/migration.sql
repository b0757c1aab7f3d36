-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "reason" TEXT;

-- CreateTable
CREATE TABLE "SubmissionGift" (
    "id" UUID NOT NULL,
    "submissionId" UUID NOT NULL,
    "transactionId" TEXT NOT NULL,
    "externalId" TEXT,
    "contactName" TEXT,
    "amountCents" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "before" JSONB NOT NULL,
    "after" JSONB NOT NULL,
    "movedCents" BIGINT NOT NULL,

    CONSTRAINT "SubmissionGift_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SubmissionGift_submissionId_idx" ON "SubmissionGift"("submissionId");

-- AddForeignKey
ALTER TABLE "SubmissionGift" ADD CONSTRAINT "SubmissionGift_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

