-- CreateIndex
CREATE INDEX "SubmissionRow_transactionId_idx" ON "SubmissionRow"("transactionId");
