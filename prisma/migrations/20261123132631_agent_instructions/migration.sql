-- CreateTable
CREATE TABLE "AgentInstructions" (
    "organizationId" TEXT NOT NULL,
    "instructions" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" TEXT NOT NULL,

    CONSTRAINT "AgentInstructions_pkey" PRIMARY KEY ("organizationId")
);

-- AddForeignKey
ALTER TABLE "AgentInstructions" ADD CONSTRAINT "AgentInstructions_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
