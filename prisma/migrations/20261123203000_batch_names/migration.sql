-- One word per concept (docs/architecture.md, glossary): what the outbox delivers as one import
-- call is a "batch" in code, on screen and in the database. A rename only: no data moves.
ALTER TYPE "ChunkStatus" RENAME TO "BatchStatus";
ALTER TABLE "SubmissionChunk" RENAME TO "SubmissionBatch";
ALTER TABLE "SubmissionBatch" RENAME CONSTRAINT "SubmissionChunk_pkey" TO "SubmissionBatch_pkey";
ALTER TABLE "SubmissionBatch" RENAME CONSTRAINT "SubmissionChunk_submissionId_fkey" TO "SubmissionBatch_submissionId_fkey";
ALTER INDEX "SubmissionChunk_submissionId_index_key" RENAME TO "SubmissionBatch_submissionId_index_key";
ALTER TABLE "SubmissionRow" RENAME COLUMN "chunkId" TO "batchId";
ALTER TABLE "SubmissionRow" RENAME CONSTRAINT "SubmissionRow_chunkId_fkey" TO "SubmissionRow_batchId_fkey";
ALTER INDEX "SubmissionRow_chunkId_rowIndex_key" RENAME TO "SubmissionRow_batchId_rowIndex_key";
