-- AlterTable
ALTER TABLE "User" ADD COLUMN     "provisionedByOrganizationId" TEXT;

-- CreateTable
CREATE TABLE "VerifiedEmailDomain" (
    "domain" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "verifiedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VerifiedEmailDomain_pkey" PRIMARY KEY ("domain")
);

-- CreateIndex
CREATE INDEX "VerifiedEmailDomain_organizationId_idx" ON "VerifiedEmailDomain"("organizationId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_provisionedByOrganizationId_fkey" FOREIGN KEY ("provisionedByOrganizationId") REFERENCES "Organization"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VerifiedEmailDomain" ADD CONSTRAINT "VerifiedEmailDomain_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
