-- AlterTable
ALTER TABLE "PageVersion" ADD COLUMN     "document" JSON;
