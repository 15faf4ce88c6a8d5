-- A team membership is one of an organization member: rows of former members go.
DELETE FROM "TeamMember" tm
WHERE NOT EXISTS (SELECT 1 FROM "Member" m WHERE m."organizationId" = tm."organizationId" AND m."userId" = tm."userId");

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "Member"("organizationId", "userId") ON DELETE CASCADE ON UPDATE CASCADE;
