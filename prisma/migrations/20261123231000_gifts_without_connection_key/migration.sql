-- The copy of the service's gifts keeps no foreign key to Connection (issue 14): checking it took
-- a shared lock on the one Connection row for every gift stored, about a quarter of a first
-- sync's database time (200,000 rows: 10.6 s of inserts without it, 14.3 s with it). Rows are
-- written only by the sync, in the transaction that updates the run's TransactionSync row, which
-- keeps its key: a batch for a connection that is gone updates nothing and is rolled back.
-- What the key's ON DELETE CASCADE did is done by the triggers below.
--
-- Function bodies are E'' strings with \073 for each semicolon: the Prisma CLI's adapter splits a
-- migration at every semicolon (see 20261123200500_connection_change_notify).
ALTER TABLE "KnownTransaction" DROP CONSTRAINT "KnownTransaction_connectionId_fkey";

CREATE FUNCTION "apportion_connection_deleted"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  DELETE FROM "KnownTransaction" WHERE "connectionId" = OLD."id"\073
  RETURN NULL\073
END
';

CREATE FUNCTION "apportion_connection_truncated"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  DELETE FROM "KnownTransaction"\073
  RETURN NULL\073
END
';

-- A truncation of Connection deletes rather than truncates the gifts: TRUNCATE cannot run inside
-- the statement that is truncating the gifts' splits.
-- Named to fire after the foreign keys' own triggers (RI_ConstraintTrigger_...), which remove the
-- run's TransactionSync row: a batch still writing has by then either committed (its rows are
-- deleted here) or found that row gone and rolled back.
CREATE TRIGGER "zz_Connection_deleted_forget_gifts"
AFTER DELETE ON "Connection"
FOR EACH ROW
EXECUTE FUNCTION "apportion_connection_deleted"();

CREATE TRIGGER "zz_Connection_truncated_forget_gifts"
AFTER TRUNCATE ON "Connection"
FOR EACH STATEMENT
EXECUTE FUNCTION "apportion_connection_truncated"();
