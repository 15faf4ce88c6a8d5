-- Comments of a change request that no longer exists would block the key (none are expected: change requests are only removed with their space).
DELETE FROM "Comment" c WHERE c."changeRequestId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ChangeRequest" r WHERE r."id" = c."changeRequestId");

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_changeRequestId_fkey" FOREIGN KEY ("changeRequestId") REFERENCES "ChangeRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
