-- CreateEnum
CREATE TYPE "Verification" AS ENUM ('pending', 'verified', 'differs', 'could_not_verify');

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "verification" "Verification",
ADD COLUMN     "verificationCalls" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "verificationClaimedAt" TIMESTAMP(3),
ADD COLUMN     "verificationClaimedBy" TEXT,
ADD COLUMN     "verificationDone" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "verificationNote" TEXT,
ADD COLUMN     "verificationPlan" JSONB,
ADD COLUMN     "verifiedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "SubmissionDifference" (
    "id" UUID NOT NULL,
    "submissionId" UUID NOT NULL,
    "transactionId" TEXT NOT NULL,
    "splitId" TEXT,
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,

    CONSTRAINT "SubmissionDifference_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SubmissionDifference_submissionId_idx" ON "SubmissionDifference"("submissionId");

-- AddForeignKey
ALTER TABLE "SubmissionDifference" ADD CONSTRAINT "SubmissionDifference_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

