-- E-mail notifications (issue 29): the addresses that hear about an organization, with a choice
-- per kind of event, and the mail outbox the worker sends from. New tables only: an older
-- release ignores them.
-- CreateEnum
CREATE TYPE "NotificationChoice" AS ENUM ('immediate', 'daily', 'off');

-- CreateEnum
CREATE TYPE "MailKind" AS ENUM ('reconnect', 'submission', 'digest');

-- CreateEnum
CREATE TYPE "MailStatus" AS ENUM ('pending', 'sending', 'sent', 'failed', 'skipped');

-- CreateTable
CREATE TABLE "MailRecipient" (
    "id" UUID NOT NULL,
    "connectionId" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "reconnect" "NotificationChoice" NOT NULL DEFAULT 'immediate',
    "submissions" "NotificationChoice" NOT NULL DEFAULT 'immediate',
    "inbox" "NotificationChoice" NOT NULL DEFAULT 'daily',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MailRecipient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailMessage" (
    "id" UUID NOT NULL,
    "recipientId" UUID NOT NULL,
    "kind" "MailKind" NOT NULL,
    "key" TEXT NOT NULL,
    "subjectId" TEXT,
    "status" "MailStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedAt" TIMESTAMP(3),
    "claimedBy" TEXT,
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MailRecipient_connectionId_email_key" ON "MailRecipient"("connectionId", "email");

-- CreateIndex
CREATE INDEX "MailMessage_status_nextAttemptAt_idx" ON "MailMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "MailMessage_recipientId_key_key" ON "MailMessage"("recipientId", "key");

-- AddForeignKey
ALTER TABLE "MailRecipient" ADD CONSTRAINT "MailRecipient_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailMessage" ADD CONSTRAINT "MailMessage_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "MailRecipient"("id") ON DELETE CASCADE ON UPDATE CASCADE;

