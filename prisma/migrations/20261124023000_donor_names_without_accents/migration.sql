-- Donor search ignores accents (issue 14): "Garcia" finds García and "José" finds Jose. Donor names
-- are kept for search as lower(unaccent(name)), in KnownName (kind contact) and in
-- KnownTransaction.contactSearch, the way lib/transactions/store-page.ts writes them now. unaccent
-- is a trusted extension on PostgreSQL 13+, and the embedded PGlite loads it.
CREATE EXTENSION IF NOT EXISTS unaccent;

-- Names that fold to one (josé, jose) keep one row: the first, by name.
DELETE FROM "KnownName" AS k
WHERE k."kind" = 'contact' AND EXISTS (
  SELECT 1 FROM "KnownName" AS o
  WHERE o."connectionId" = k."connectionId" AND o."kind" = 'contact'
    AND lower(unaccent(o."name")) = lower(unaccent(k."name")) AND o."name" < k."name");

UPDATE "KnownName" SET "name" = left(lower(unaccent("name")), 200)
WHERE "kind" = 'contact' AND "name" <> left(lower(unaccent("name")), 200);

UPDATE "KnownTransaction" SET "contactSearch" = left(lower(unaccent(coalesce("contactName", ''))), 200)
WHERE "contactSearch" <> left(lower(unaccent(coalesce("contactName", ''))), 200);
