-- "Pause automatic sending" (issue 29): who paused it and when, on the organization's row, so
-- the statement that stores an automatic submission can lock it and see a pause that commits
-- first. Written by hand: `npm run db:new-migration` could not replay the history into a shadow
-- database here (CREATE INDEX CONCURRENTLY). Nullable, no default: only adds.
-- AlterTable
ALTER TABLE "Connection" ADD COLUMN     "autoSendPausedAt" TIMESTAMP(3),
ADD COLUMN     "autoSendPausedBy" TEXT;
