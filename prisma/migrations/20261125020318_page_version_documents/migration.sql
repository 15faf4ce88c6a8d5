-- AlterTable
ALTER TABLE "PageVersion" ADD COLUMN     "document" JSON,
ADD COLUMN     "sections" JSONB;
