-- Splits made outside Apportion (issue 29, "Funds page agrees with the service"): the sync copies
-- the splits the service shows that Apportion did not send, marked as such, and remembers whether
-- the service shows splits at all. Written by hand (`npm run db:new-migration` cannot replay the
-- history here). Constant defaults only: no table rewrite, no backfill.
-- AlterTable
ALTER TABLE "KnownSplit" ADD COLUMN     "madeElsewhere" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
-- Rows that exist now get `true`: a full run in progress when this release arrives read its
-- earlier pages without splits, so it must not end saying the copy holds them. Every new run
-- resets it, and new rows take `false`.
ALTER TABLE "TransactionSync" ADD COLUMN     "splitsMissed" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "splitsShown" BOOLEAN;

-- AlterTable
ALTER TABLE "TransactionSync" ALTER COLUMN "splitsMissed" SET DEFAULT false;
