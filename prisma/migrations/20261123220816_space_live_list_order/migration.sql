-- CreateIndex
CREATE INDEX "Space_live_list_order_idx" ON "Space"("organizationId", "createdAt", "id") WHERE ("deletedAt" IS NULL);
