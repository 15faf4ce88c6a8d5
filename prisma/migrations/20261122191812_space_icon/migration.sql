-- AlterTable
ALTER TABLE "Space" ADD COLUMN     "iconURL" TEXT;
