-- CreateTable
CREATE TABLE "SearchIndexState" (
    "spaceId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "revisionId" TEXT NOT NULL,
    "tree" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SearchIndexState_pkey" PRIMARY KEY ("spaceId")
);

-- CreateTable
CREATE TABLE "SearchPage" (
    "spaceId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "path" TEXT NOT NULL,
    "ancestors" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "SearchPage_pkey" PRIMARY KEY ("spaceId","pageId")
);

-- CreateTable
CREATE TABLE "SearchSection" (
    "spaceId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "organizationId" TEXT NOT NULL,
    "anchor" TEXT NOT NULL,
    "heading" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "document" tsvector,

    CONSTRAINT "SearchSection_pkey" PRIMARY KEY ("spaceId","pageId","position")
);

-- CreateIndex
CREATE INDEX "SearchIndexState_organizationId_idx" ON "SearchIndexState"("organizationId");

-- CreateIndex
CREATE INDEX "SearchPage_organizationId_idx" ON "SearchPage"("organizationId");

-- CreateIndex
CREATE INDEX "SearchSection_organizationId_idx" ON "SearchSection"("organizationId");

-- CreateIndex
CREATE INDEX "SearchSection_document_idx" ON "SearchSection" USING GIN ("document");

-- AddForeignKey
ALTER TABLE "SearchIndexState" ADD CONSTRAINT "SearchIndexState_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SearchPage" ADD CONSTRAINT "SearchPage_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SearchSection" ADD CONSTRAINT "SearchSection_spaceId_pageId_fkey" FOREIGN KEY ("spaceId", "pageId") REFERENCES "SearchPage"("spaceId", "pageId") ON DELETE CASCADE ON UPDATE CASCADE;
