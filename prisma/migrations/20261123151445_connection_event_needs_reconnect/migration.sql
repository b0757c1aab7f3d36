-- AlterEnum
ALTER TYPE "ConnectionEventType" ADD VALUE 'needs_reconnect';

