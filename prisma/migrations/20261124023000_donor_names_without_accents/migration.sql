-- Donor search ignores accents (issue 14): "Garcia" finds García and "José" finds Jose. Donor names
-- are kept for search as lower(unaccent(name)), in KnownName (kind contact) and in
-- KnownTransaction.contactSearch, the way lib/transactions/store-page.ts writes them now. unaccent
-- is a trusted extension on PostgreSQL 13+, and the embedded PGlite loads it. Instances of the
-- previous release still write names with accents until they stop: their gifts are written again
-- by the daily full re-read, so search finds them again within a day of the rollout.
CREATE EXTENSION IF NOT EXISTS unaccent;

-- Names that fold to one (josé and jose, or two long names whose first 200 characters fold alike,
-- ß becoming ss) keep one row: the first, by name.
DELETE FROM "KnownName" AS k
WHERE k."kind" = 'contact' AND EXISTS (
  SELECT 1 FROM "KnownName" AS o
  WHERE o."connectionId" = k."connectionId" AND o."kind" = 'contact'
    AND left(lower(unaccent(o."name")), 200) = left(lower(unaccent(k."name")), 200) AND o."name" < k."name");

UPDATE "KnownName" SET "name" = left(lower(unaccent("name")), 200)
WHERE "kind" = 'contact' AND "name" <> left(lower(unaccent("name")), 200);

UPDATE "KnownTransaction" SET "contactSearch" = left(lower(unaccent(coalesce("contactName", ''))), 200)
WHERE "contactSearch" <> left(lower(unaccent(coalesce("contactName", ''))), 200);
