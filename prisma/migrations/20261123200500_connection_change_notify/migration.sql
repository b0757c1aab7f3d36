-- Each process keeps the Connection rows its sessions and service calls read in memory
-- (lib/connections/connection-cache.ts) and LISTENs on this channel to forget a row as soon as
-- another process changes it. Written by hand: Prisma's schema has no triggers, so
-- `npm run db:new-migration` neither produces nor undoes this.
--
-- The payload is the connection's id, or "*" when the table was truncated (forget everything).
-- Only changes the cache could serve stale are announced: every column except the bookkeeping
-- ones (the last check's time, updatedAt and the refresh lease), so that a column added later
-- is announced by default, and the write a health check makes is silent.
--
-- The function's body is an E'' string with \073 for each semicolon: the Prisma CLI's adapter
-- (@prisma/adapter-pg 6.19, executeScript) splits a migration at every semicolon, even inside
-- a dollar-quoted body or a comment, so this file has none outside statement ends.
CREATE FUNCTION "apportion_connection_changed"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''apportion_connection_changed'', CASE WHEN TG_OP = ''TRUNCATE'' THEN ''*'' ELSE OLD."id"::text END)\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Connection_changed_update"
AFTER UPDATE ON "Connection"
FOR EACH ROW
WHEN (
  (to_jsonb(OLD) - ARRAY['lastCheckedAt', 'updatedAt', 'refreshLeaseOwner', 'refreshLeaseUntil'])
  IS DISTINCT FROM
  (to_jsonb(NEW) - ARRAY['lastCheckedAt', 'updatedAt', 'refreshLeaseOwner', 'refreshLeaseUntil'])
)
EXECUTE FUNCTION "apportion_connection_changed"();

CREATE TRIGGER "Connection_changed_delete"
AFTER DELETE ON "Connection"
FOR EACH ROW
EXECUTE FUNCTION "apportion_connection_changed"();

CREATE TRIGGER "Connection_changed_truncate"
AFTER TRUNCATE ON "Connection"
FOR EACH STATEMENT
EXECUTE FUNCTION "apportion_connection_changed"();
