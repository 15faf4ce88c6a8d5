-- A proxy origin belongs to one site, whatever its case: existing origins are
-- lower-cased, and where several sites claimed one origin, the oldest keeps it.
UPDATE "Site" SET proxy = lower(proxy) WHERE proxy IS NOT NULL AND proxy <> lower(proxy);
UPDATE "Site" s SET proxy = NULL
WHERE proxy IS NOT NULL AND EXISTS (
  SELECT 1 FROM "Site" o WHERE o.proxy = s.proxy AND (o."createdAt", o.id) < (s."createdAt", s.id));

-- CreateIndex
CREATE UNIQUE INDEX "Site_proxy_key" ON "Site"("proxy");
