-- The gifts list sorted by amount and by donor (issue 21), the id breaking ties, and the count and
-- sum of the gifts above it, each read from an index alone (EXPLAIN in docs/architecture.md, figures
-- in bench/RESULTS.md). Indexes only: an older release reads and writes the table as before.

-- CreateIndex
CREATE INDEX CONCURRENTLY IF NOT EXISTS "KnownTransaction_connectionId_amountCents_transactionId_idx" ON "KnownTransaction"("connectionId", "amountCents", "transactionId");

-- CreateIndex
CREATE INDEX CONCURRENTLY IF NOT EXISTS "KnownTransaction_connectionId_contactSearch_transactionId_idx" ON "KnownTransaction"("connectionId", "contactSearch", "transactionId");

-- CreateIndex
CREATE INDEX CONCURRENTLY IF NOT EXISTS "KnownTransaction_connectionId_currency_amountCents_idx" ON "KnownTransaction"("connectionId", "currency", "amountCents");

