-- CreateTable
CREATE TABLE "Translation" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "sourceSpaceId" TEXT NOT NULL,
    "sourceLanguage" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "instructions" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "resultSpaceId" TEXT,
    "resultRevisionId" TEXT,
    "versionMap" JSONB NOT NULL DEFAULT '{}',
    "pageMap" JSONB NOT NULL DEFAULT '{}',
    "runs" INTEGER NOT NULL DEFAULT 0,
    "totalPages" INTEGER NOT NULL DEFAULT 0,
    "totalWords" INTEGER NOT NULL DEFAULT 0,
    "totalDurationMs" INTEGER NOT NULL DEFAULT 0,
    "latestRunDurationMs" INTEGER NOT NULL DEFAULT 0,
    "latestPages" INTEGER NOT NULL DEFAULT 0,
    "latestWords" INTEGER NOT NULL DEFAULT 0,
    "provider" TEXT,
    "lastRunError" JSONB,
    "lastRunAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Translation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Translation_organizationId_createdAt_idx" ON "Translation"("organizationId", "createdAt");

-- AddForeignKey
ALTER TABLE "Translation" ADD CONSTRAINT "Translation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
