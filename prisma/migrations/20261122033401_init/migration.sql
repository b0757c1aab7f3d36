-- CreateEnum
CREATE TYPE "ServiceEnvironment" AS ENUM ('playground', 'production');

-- CreateEnum
CREATE TYPE "ConnectionStatus" AS ENUM ('active', 'disabled', 'needs_reconnect', 'disconnected');

-- CreateEnum
CREATE TYPE "ConnectionEventType" AS ENUM ('connected', 'reconnected', 'refreshed', 'refresh_failed', 'disabled', 'disconnected');

-- CreateTable
CREATE TABLE "Connection" (
    "id" UUID NOT NULL,
    "environment" "ServiceEnvironment" NOT NULL,
    "organizationId" TEXT NOT NULL,
    "organizationName" TEXT NOT NULL,
    "scopes" TEXT[],
    "status" "ConnectionStatus" NOT NULL DEFAULT 'active',
    "statusReason" TEXT,
    "accessTokenEnvelope" TEXT,
    "refreshTokenEnvelope" TEXT,
    "tokenKeyId" TEXT,
    "tokenExpiresAt" TIMESTAMP(3),
    "tokenVersion" INTEGER NOT NULL DEFAULT 0,
    "sessionEpoch" INTEGER NOT NULL DEFAULT 0,
    "connectedAt" TIMESTAMP(3) NOT NULL,
    "lastRefreshedAt" TIMESTAMP(3),
    "lastCheckedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Connection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConnectionEvent" (
    "id" UUID NOT NULL,
    "connectionId" UUID NOT NULL,
    "type" "ConnectionEventType" NOT NULL,
    "detail" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConnectionEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Connection_environment_organizationId_key" ON "Connection"("environment", "organizationId");

-- CreateIndex
CREATE INDEX "ConnectionEvent_connectionId_createdAt_idx" ON "ConnectionEvent"("connectionId", "createdAt");

-- AddForeignKey
ALTER TABLE "ConnectionEvent" ADD CONSTRAINT "ConnectionEvent_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

