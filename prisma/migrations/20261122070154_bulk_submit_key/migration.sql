-- AlterTable
ALTER TABLE "BulkDraft" ADD COLUMN     "submitKey" UUID;

