-- CreateTable
CREATE TABLE "MainLineOutbox" (
    "id" BIGSERIAL NOT NULL,
    "spaceId" TEXT NOT NULL,
    "revisionId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MainLineOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MainLineOutbox_spaceId_idx" ON "MainLineOutbox"("spaceId");

-- AddForeignKey
ALTER TABLE "MainLineOutbox" ADD CONSTRAINT "MainLineOutbox_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;
