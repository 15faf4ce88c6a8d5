-- DropIndex
DROP INDEX "Invite_organizationId_idx";

-- AlterTable
ALTER TABLE "Invite" ADD COLUMN     "collectionId" TEXT,
ADD COLUMN     "key" TEXT NOT NULL,
ADD COLUMN     "level" "Role",
ADD COLUMN     "spaceId" TEXT;

-- CreateTable
CREATE TABLE "ContentGrant" (
    "organizationId" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "granteeId" TEXT NOT NULL,
    "spaceId" TEXT,
    "collectionId" TEXT,
    "teamId" TEXT,
    "userId" TEXT,
    "level" "Role" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContentGrant_pkey" PRIMARY KEY ("contentId","granteeId")
);

-- CreateIndex
CREATE INDEX "ContentGrant_granteeId_idx" ON "ContentGrant"("granteeId");

-- CreateIndex
CREATE INDEX "ContentGrant_teamId_idx" ON "ContentGrant"("teamId");

-- CreateIndex
CREATE INDEX "ContentGrant_organizationId_userId_idx" ON "ContentGrant"("organizationId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Invite_key_key" ON "Invite"("key");

-- CreateIndex
CREATE INDEX "Invite_organizationId_createdAt_idx" ON "Invite"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "Invite_spaceId_idx" ON "Invite"("spaceId");

-- CreateIndex
CREATE INDEX "Invite_collectionId_idx" ON "Invite"("collectionId");

-- AddForeignKey
ALTER TABLE "Invite" ADD CONSTRAINT "Invite_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invite" ADD CONSTRAINT "Invite_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentGrant" ADD CONSTRAINT "ContentGrant_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentGrant" ADD CONSTRAINT "ContentGrant_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentGrant" ADD CONSTRAINT "ContentGrant_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentGrant" ADD CONSTRAINT "ContentGrant_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "Member"("organizationId", "userId") ON DELETE CASCADE ON UPDATE CASCADE;
