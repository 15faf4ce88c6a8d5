-- DropIndex
DROP INDEX "ChangeRequest_organizationId_idx";

-- AlterTable
ALTER TABLE "Space" ADD COLUMN     "changeRequestCounter" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Revision" ADD COLUMN     "changeRequestId" TEXT,
ADD COLUMN     "createdById" TEXT,
ADD COLUMN     "tree" TEXT;

-- AlterTable
ALTER TABLE "ChangeRequest" ADD COLUMN     "agentTaskId" TEXT,
ADD COLUMN     "description" JSONB,
ADD COLUMN     "mergedAt" TIMESTAMP(3),
ADD COLUMN     "mergedById" TEXT,
ADD COLUMN     "revisionId" TEXT,
ADD COLUMN     "revisionInitialId" TEXT,
ADD COLUMN     "revisionMergedAncestorId" TEXT,
ADD COLUMN     "revisionMergedId" TEXT;

-- CreateTable
CREATE TABLE "PageVersion" (
    "spaceId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'document',
    "title" TEXT NOT NULL,
    "emoji" TEXT,
    "icon" TEXT,
    "description" TEXT,
    "markdown" TEXT NOT NULL DEFAULT '',
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "noIndex" BOOLEAN NOT NULL DEFAULT false,
    "noRobotsIndex" BOOLEAN NOT NULL DEFAULT false,
    "layout" JSONB,
    "cover" JSONB,
    "variables" JSONB,
    "computed" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PageVersion_pkey" PRIMARY KEY ("spaceId","hash")
);

-- CreateTable
CREATE TABLE "PageTree" (
    "spaceId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "entries" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PageTree_pkey" PRIMARY KEY ("spaceId","hash")
);

-- CreateTable
CREATE TABLE "ChangeRequestReview" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "changeRequestId" TEXT NOT NULL,
    "reviewerId" TEXT NOT NULL,
    "requestedById" TEXT,
    "status" TEXT NOT NULL,
    "revisionId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChangeRequestReview_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChangeRequestReviewer" (
    "organizationId" TEXT NOT NULL,
    "changeRequestId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "requestedById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChangeRequestReviewer_pkey" PRIMARY KEY ("changeRequestId","userId")
);

-- CreateIndex
CREATE INDEX "PageVersion_organizationId_idx" ON "PageVersion"("organizationId");

-- CreateIndex
CREATE INDEX "PageTree_organizationId_idx" ON "PageTree"("organizationId");

-- CreateIndex
CREATE INDEX "ChangeRequestReview_organizationId_idx" ON "ChangeRequestReview"("organizationId");

-- CreateIndex
CREATE INDEX "ChangeRequestReview_changeRequestId_reviewerId_createdAt_idx" ON "ChangeRequestReview"("changeRequestId", "reviewerId", "createdAt");

-- CreateIndex
CREATE INDEX "ChangeRequestReviewer_organizationId_idx" ON "ChangeRequestReviewer"("organizationId");

-- CreateIndex
CREATE INDEX "ChangeRequestReviewer_userId_idx" ON "ChangeRequestReviewer"("userId");

-- CreateIndex
CREATE INDEX "Revision_changeRequestId_createdById_idx" ON "Revision"("changeRequestId", "createdById");

-- CreateIndex
CREATE INDEX "ChangeRequest_organizationId_status_createdAt_idx" ON "ChangeRequest"("organizationId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "ChangeRequest_spaceId_status_createdAt_idx" ON "ChangeRequest"("spaceId", "status", "createdAt");

-- AddForeignKey
ALTER TABLE "PageVersion" ADD CONSTRAINT "PageVersion_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PageTree" ADD CONSTRAINT "PageTree_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeRequestReview" ADD CONSTRAINT "ChangeRequestReview_changeRequestId_fkey" FOREIGN KEY ("changeRequestId") REFERENCES "ChangeRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeRequestReviewer" ADD CONSTRAINT "ChangeRequestReviewer_changeRequestId_fkey" FOREIGN KEY ("changeRequestId") REFERENCES "ChangeRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Data: the one-row-per-page-per-revision "Page" table becomes shared objects.
-- A version is keyed by the SHA-256 of its content; the trees of migrated
-- revisions are keyed by (revision, parent page), which needs no recursion.
INSERT INTO "PageVersion" ("spaceId", "hash", "organizationId", "title", "markdown")
SELECT r."spaceId", encode(sha256(convert_to(jsonb_build_object('title', p."title", 'markdown', p."markdown")::text, 'UTF8')), 'hex'), p."organizationId", p."title", p."markdown"
FROM "Page" p JOIN "Revision" r ON r."id" = p."revisionId"
ON CONFLICT DO NOTHING;

INSERT INTO "PageTree" ("spaceId", "hash", "organizationId", "entries")
SELECT r."spaceId", 'm' || encode(sha256(convert_to(p."revisionId" || ':' || coalesce(p."parentId", ''), 'UTF8')), 'hex'), min(p."organizationId"),
  jsonb_agg(jsonb_build_object(
    'id', p."id",
    'slug', p."slug",
    'version', encode(sha256(convert_to(jsonb_build_object('title', p."title", 'markdown', p."markdown")::text, 'UTF8')), 'hex'),
    'tree', CASE WHEN EXISTS (SELECT 1 FROM "Page" c WHERE c."revisionId" = p."revisionId" AND c."parentId" = p."id")
      THEN 'm' || encode(sha256(convert_to(p."revisionId" || ':' || p."id", 'UTF8')), 'hex') END,
    'createdAt', to_char(p."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(p."updatedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) ORDER BY p."sortKey", p."id")
FROM "Page" p JOIN "Revision" r ON r."id" = p."revisionId"
GROUP BY r."spaceId", p."revisionId", p."parentId";

UPDATE "Revision" r SET "tree" = 'm' || encode(sha256(convert_to(r."id" || ':', 'UTF8')), 'hex')
WHERE EXISTS (SELECT 1 FROM "Page" p WHERE p."revisionId" = r."id" AND p."parentId" IS NULL);

-- Existing change requests start from (and stand at) their space's active revision.
UPDATE "ChangeRequest" c SET "revisionId" = s."revisionId", "revisionInitialId" = s."revisionId" FROM "Space" s WHERE s."id" = c."spaceId";
ALTER TABLE "ChangeRequest" ALTER COLUMN "revisionId" SET NOT NULL, ALTER COLUMN "revisionInitialId" SET NOT NULL;
UPDATE "Space" s SET "changeRequestCounter" = m."last" FROM (SELECT "spaceId", max("number") AS "last" FROM "ChangeRequest" GROUP BY 1) m WHERE m."spaceId" = s."id";

-- DropForeignKey
ALTER TABLE "Page" DROP CONSTRAINT "Page_revisionId_fkey";

-- DropTable
DROP TABLE "Page";
