-- AlterTable
ALTER TABLE "PageVersion" ADD COLUMN     "referenceKeys" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "referencesIndexed" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "ChangeRequest" ADD COLUMN     "conversationsIssuesClusterId" TEXT;

-- CreateIndex
CREATE INDEX "PageVersion_referenceKeys_idx" ON "PageVersion" USING GIN ("referenceKeys");

-- CreateIndex
CREATE INDEX "PageVersion_spaceId_referencesIndexed_idx" ON "PageVersion"("spaceId", "referencesIndexed");

-- CreateIndex
CREATE INDEX "ChangeRequest_conversationsIssuesClusterId_idx" ON "ChangeRequest"("conversationsIssuesClusterId");

-- AddForeignKey
ALTER TABLE "ChangeRequest" ADD CONSTRAINT "ChangeRequest_conversationsIssuesClusterId_fkey" FOREIGN KEY ("conversationsIssuesClusterId") REFERENCES "IssuesCluster"("id") ON DELETE SET NULL ON UPDATE CASCADE;
