-- AlterTable
ALTER TABLE "MainLineOutbox" ADD COLUMN     "previousRevisionId" TEXT;

-- CreateTable
CREATE TABLE "SiteCustomization" (
    "siteId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SiteCustomization_pkey" PRIMARY KEY ("siteId")
);

-- CreateTable
CREATE TABLE "SiteSpaceCustomization" (
    "siteSpaceId" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "overrides" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SiteSpaceCustomization_pkey" PRIMARY KEY ("siteSpaceId")
);

-- CreateTable
CREATE TABLE "SiteRedirect" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "draft" BOOLEAN NOT NULL DEFAULT false,
    "captureWildcard" BOOLEAN NOT NULL DEFAULT false,
    "permanent" BOOLEAN NOT NULL DEFAULT false,
    "destination" JSONB NOT NULL,
    "automatic" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SiteRedirect_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SiteCustomization_organizationId_idx" ON "SiteCustomization"("organizationId");

-- CreateIndex
CREATE INDEX "SiteSpaceCustomization_siteId_idx" ON "SiteSpaceCustomization"("siteId");

-- CreateIndex
CREATE INDEX "SiteSpaceCustomization_organizationId_idx" ON "SiteSpaceCustomization"("organizationId");

-- CreateIndex
CREATE INDEX "SiteRedirect_organizationId_idx" ON "SiteRedirect"("organizationId");

-- CreateIndex
CREATE INDEX "SiteRedirect_siteId_draft_createdAt_idx" ON "SiteRedirect"("siteId", "draft", "createdAt");

-- CreateIndex
CREATE INDEX "SiteRedirect_siteId_draft_changedAt_idx" ON "SiteRedirect"("siteId", "draft", "changedAt");

-- CreateIndex
CREATE UNIQUE INDEX "SiteRedirect_siteId_draft_source_key" ON "SiteRedirect"("siteId", "draft", "source");

-- AddForeignKey
ALTER TABLE "SiteCustomization" ADD CONSTRAINT "SiteCustomization_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSpaceCustomization" ADD CONSTRAINT "SiteSpaceCustomization_siteSpaceId_fkey" FOREIGN KEY ("siteSpaceId") REFERENCES "SiteSpace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteRedirect" ADD CONSTRAINT "SiteRedirect_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
