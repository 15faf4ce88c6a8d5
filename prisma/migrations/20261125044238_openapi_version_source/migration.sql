-- AlterTable
ALTER TABLE "OpenAPISpecVersion" ADD COLUMN     "sourceFormat" TEXT,
ADD COLUMN     "sourceText" TEXT;
