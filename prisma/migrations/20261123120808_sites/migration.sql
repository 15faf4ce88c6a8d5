-- DropIndex
DROP INDEX "Site_organizationId_idx";

-- DropIndex
DROP INDEX "SiteSpace_siteId_idx";

-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "adaptiveContent" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "adaptiveSchema" JSONB,
ADD COLUMN     "adaptiveSchemaAt" TIMESTAMP(3),
ADD COLUMN     "agentsContext" TEXT NOT NULL DEFAULT 'included',
ADD COLUMN     "basename" TEXT,
ADD COLUMN     "defaultLevel" TEXT NOT NULL DEFAULT 'inherit',
ADD COLUMN     "defaultSiteSectionId" TEXT,
ADD COLUMN     "defaultSiteSpaceId" TEXT,
ADD COLUMN     "hostname" TEXT,
ADD COLUMN     "icon" JSONB,
ADD COLUMN     "proxy" TEXT,
ADD COLUMN     "published" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "type" TEXT NOT NULL DEFAULT 'basic',
ADD COLUMN     "visibility" TEXT NOT NULL DEFAULT 'public';

-- AlterTable
ALTER TABLE "SiteSpace" ADD COLUMN     "condition" TEXT,
ADD COLUMN     "sectionId" TEXT,
ADD COLUMN     "sortKey" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "SiteSection" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "sectionGroupId" TEXT,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "path" TEXT NOT NULL,
    "condition" TEXT,
    "icon" TEXT,
    "defaultSiteSpaceId" TEXT,
    "sortKey" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SiteSection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SiteSectionGroup" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "parentId" TEXT,
    "title" TEXT NOT NULL,
    "icon" TEXT,
    "sortKey" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SiteSectionGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShareLink" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShareLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SiteSection_organizationId_idx" ON "SiteSection"("organizationId");

-- CreateIndex
CREATE INDEX "SiteSection_siteId_sortKey_idx" ON "SiteSection"("siteId", "sortKey");

-- CreateIndex
CREATE INDEX "SiteSection_sectionGroupId_idx" ON "SiteSection"("sectionGroupId");

-- CreateIndex
CREATE INDEX "SiteSectionGroup_organizationId_idx" ON "SiteSectionGroup"("organizationId");

-- CreateIndex
CREATE INDEX "SiteSectionGroup_siteId_sortKey_idx" ON "SiteSectionGroup"("siteId", "sortKey");

-- CreateIndex
CREATE INDEX "SiteSectionGroup_parentId_idx" ON "SiteSectionGroup"("parentId");

-- CreateIndex
CREATE UNIQUE INDEX "ShareLink_key_key" ON "ShareLink"("key");

-- CreateIndex
CREATE INDEX "ShareLink_organizationId_idx" ON "ShareLink"("organizationId");

-- CreateIndex
CREATE INDEX "ShareLink_siteId_createdAt_idx" ON "ShareLink"("siteId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Site_hostname_key" ON "Site"("hostname");

-- CreateIndex
CREATE INDEX "Site_organizationId_createdAt_idx" ON "Site"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "SiteSpace_siteId_sectionId_sortKey_idx" ON "SiteSpace"("siteId", "sectionId", "sortKey");

-- AddForeignKey
ALTER TABLE "Site" ADD CONSTRAINT "Site_defaultSiteSpaceId_fkey" FOREIGN KEY ("defaultSiteSpaceId") REFERENCES "SiteSpace"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Site" ADD CONSTRAINT "Site_defaultSiteSectionId_fkey" FOREIGN KEY ("defaultSiteSectionId") REFERENCES "SiteSection"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSpace" ADD CONSTRAINT "SiteSpace_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "SiteSection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSection" ADD CONSTRAINT "SiteSection_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSection" ADD CONSTRAINT "SiteSection_sectionGroupId_fkey" FOREIGN KEY ("sectionGroupId") REFERENCES "SiteSectionGroup"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSection" ADD CONSTRAINT "SiteSection_defaultSiteSpaceId_fkey" FOREIGN KEY ("defaultSiteSpaceId") REFERENCES "SiteSpace"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSectionGroup" ADD CONSTRAINT "SiteSectionGroup_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSectionGroup" ADD CONSTRAINT "SiteSectionGroup_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "SiteSectionGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareLink" ADD CONSTRAINT "ShareLink_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
