-- Per-day totals for "Where the money is" (issue 33, point 1: p95 < 100 ms for two years at
-- 200,000 gifts: summing every gift of the range took 438 ms). For each organization and UTC day,
-- the money and gifts per fund, per campaign, and in all (lib/funds/fold.ts, held.ts), so the page
-- sums at most a few hundred rows per place. The gifts list's totals for a campaign or fund filter
-- (point 2) are read from the same rows (giftCents: the whole amounts of the gifts counted).
--
-- Kept exact without the writers knowing: statement-level triggers on the copy (gifts and their
-- splits) append the days a statement touched to FundsDirtyDay, in the writer's transaction. The
-- worker's "funds" loop recomputes those days from the copy and removes their rows. Until then the
-- page counts a dirty day from the copy itself. Insert-only, with no unique key: writers never
-- wait on each other for a day's row. An organization is counted from its totals only once
-- FundsTotalsState says they were built (the worker builds them: nothing is backfilled here).
--
-- Function bodies are E'' strings with \073 for each semicolon: the Prisma CLI's adapter splits a
-- migration at every semicolon (see 20261123200500_connection_change_notify).

-- CreateTable
CREATE TABLE "FundsDayTotal" (
    "connectionId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "kind" SMALLINT NOT NULL,
    "currency" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "campaign" TEXT,
    "campaignId" TEXT,
    "cents" BIGINT NOT NULL,
    "giftCents" BIGINT NOT NULL,
    "gifts" INTEGER NOT NULL,

    CONSTRAINT "FundsDayTotal_pkey" PRIMARY KEY ("connectionId","day","kind","currency","key")
);

-- CreateTable
CREATE TABLE "FundsDirtyDay" (
    "id" BIGSERIAL NOT NULL,
    "connectionId" UUID NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "FundsDirtyDay_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FundsTotalsState" (
    "connectionId" UUID NOT NULL,
    "builtAt" TIMESTAMP(3) NOT NULL DEFAULT timezone('UTC'::text, now()),

    CONSTRAINT "FundsTotalsState_pkey" PRIMARY KEY ("connectionId")
);

-- CreateIndex
CREATE INDEX "FundsDirtyDay_connectionId_day_idx" ON "FundsDirtyDay"("connectionId", "day");

-- AddForeignKey
ALTER TABLE "FundsDayTotal" ADD CONSTRAINT "FundsDayTotal_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FundsTotalsState" ADD CONSTRAINT "FundsTotalsState_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A gift's day is its UTC calendar day ("occurredAt" is stored as UTC). An update marks both its
-- old and new day, and only when something the totals count changed (the sync rewrites
-- "syncedAt" on every row it reads again). A deleted connection's gifts (its own trigger deletes
-- them) mark nothing: its totals go with it.
CREATE FUNCTION "apportion_funds_gifts_changed"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    INSERT INTO "FundsDirtyDay" ("connectionId", "day")
    SELECT DISTINCT "connectionId", "occurredAt"::date FROM new_rows\073
  ELSIF TG_OP = ''UPDATE'' THEN
    INSERT INTO "FundsDirtyDay" ("connectionId", "day")
    SELECT DISTINCT n."connectionId", d.day
    FROM new_rows n JOIN old_rows o USING ("connectionId", "transactionId")
    CROSS JOIN LATERAL (VALUES (n."occurredAt"::date), (o."occurredAt"::date)) AS d(day)
    WHERE (n."amountCents", n.currency, n."occurredAt", n.fund, n.campaign, n."campaignId")
          IS DISTINCT FROM (o."amountCents", o.currency, o."occurredAt", o.fund, o.campaign, o."campaignId")\073
  ELSE
    INSERT INTO "FundsDirtyDay" ("connectionId", "day")
    SELECT DISTINCT o."connectionId", o."occurredAt"::date FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM "Connection" c WHERE c.id = o."connectionId")\073
  END IF\073
  RETURN NULL\073
END
';

-- A split's day is its gift's. A split removed with its gift finds no gift here: the gift's own
-- trigger marked the day. Splits removed with their connection (before its gifts) mark nothing.
CREATE FUNCTION "apportion_funds_splits_changed"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    INSERT INTO "FundsDirtyDay" ("connectionId", "day")
    SELECT DISTINCT t."connectionId", t."occurredAt"::date
    FROM new_rows n JOIN "KnownTransaction" t USING ("connectionId", "transactionId")\073
  ELSIF TG_OP = ''UPDATE'' THEN
    INSERT INTO "FundsDirtyDay" ("connectionId", "day")
    SELECT DISTINCT t."connectionId", t."occurredAt"::date
    FROM new_rows n JOIN old_rows o USING ("connectionId", "splitId")
    JOIN "KnownTransaction" t ON t."connectionId" = n."connectionId" AND t."transactionId" IN (n."transactionId", o."transactionId")
    WHERE (n."transactionId", n."unitAmountCents", n.quantity, n.fund, n.campaign, n."campaignId", n."deletedAt" IS NULL)
          IS DISTINCT FROM (o."transactionId", o."unitAmountCents", o.quantity, o.fund, o.campaign, o."campaignId", o."deletedAt" IS NULL)\073
  ELSE
    INSERT INTO "FundsDirtyDay" ("connectionId", "day")
    SELECT DISTINCT t."connectionId", t."occurredAt"::date
    FROM old_rows o JOIN "KnownTransaction" t USING ("connectionId", "transactionId")
    WHERE EXISTS (SELECT 1 FROM "Connection" c WHERE c.id = o."connectionId")\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER "KnownTransaction_funds_inserted" AFTER INSERT ON "KnownTransaction"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "apportion_funds_gifts_changed"();

CREATE TRIGGER "KnownTransaction_funds_updated" AFTER UPDATE ON "KnownTransaction"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "apportion_funds_gifts_changed"();

CREATE TRIGGER "KnownTransaction_funds_deleted" AFTER DELETE ON "KnownTransaction"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "apportion_funds_gifts_changed"();

CREATE TRIGGER "KnownSplit_funds_inserted" AFTER INSERT ON "KnownSplit"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "apportion_funds_splits_changed"();

CREATE TRIGGER "KnownSplit_funds_updated" AFTER UPDATE ON "KnownSplit"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "apportion_funds_splits_changed"();

CREATE TRIGGER "KnownSplit_funds_deleted" AFTER DELETE ON "KnownSplit"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "apportion_funds_splits_changed"();
