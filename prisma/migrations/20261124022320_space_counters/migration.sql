-- AlterTable
ALTER TABLE "Space" ADD COLUMN     "changeRequestsCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "draftChangeRequestsCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "openChangeRequestsCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "openCommentsCount" INTEGER NOT NULL DEFAULT 0;

-- The counters a space shows, kept in its row so that reading a space (or a page of
-- spaces) costs no counting statement. Triggers keep them in the same transaction as the
-- change, whatever writes the row (services, cascades, imports); concurrent writers
-- serialize on the space's row, so no increment is lost.

CREATE FUNCTION "Space_count_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_open boolean := TG_OP <> 'INSERT' AND OLD."changeRequestId" IS NULL AND OLD.status = 'open';
  is_open boolean := TG_OP <> 'DELETE' AND NEW."changeRequestId" IS NULL AND NEW.status = 'open';
BEGIN
  IF was_open AND is_open AND OLD."spaceId" = NEW."spaceId" THEN RETURN NULL; END IF;
  IF was_open THEN UPDATE "Space" SET "openCommentsCount" = "openCommentsCount" - 1 WHERE id = OLD."spaceId"; END IF;
  IF is_open THEN UPDATE "Space" SET "openCommentsCount" = "openCommentsCount" + 1 WHERE id = NEW."spaceId"; END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Comment_space_counts" AFTER INSERT OR DELETE OR UPDATE OF status, "changeRequestId", "spaceId" ON "Comment"
  FOR EACH ROW EXECUTE FUNCTION "Space_count_comments"();

CREATE FUNCTION "Space_count_change_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD."spaceId" = NEW."spaceId" THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "Space" SET "changeRequestsCount" = "changeRequestsCount" - 1,
      "openChangeRequestsCount" = "openChangeRequestsCount" - (OLD.status = 'open')::int,
      "draftChangeRequestsCount" = "draftChangeRequestsCount" - (OLD.status = 'draft')::int
    WHERE id = OLD."spaceId";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "Space" SET "changeRequestsCount" = "changeRequestsCount" + 1,
      "openChangeRequestsCount" = "openChangeRequestsCount" + (NEW.status = 'open')::int,
      "draftChangeRequestsCount" = "draftChangeRequestsCount" + (NEW.status = 'draft')::int
    WHERE id = NEW."spaceId";
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "ChangeRequest_space_counts" AFTER INSERT OR DELETE OR UPDATE OF status, "spaceId" ON "ChangeRequest"
  FOR EACH ROW EXECUTE FUNCTION "Space_count_change_requests"();

-- The counts of the rows already there.
UPDATE "Space" s SET
  "openCommentsCount" = (SELECT count(*) FROM "Comment" c WHERE c."spaceId" = s.id AND c."changeRequestId" IS NULL AND c.status = 'open'),
  "changeRequestsCount" = (SELECT count(*) FROM "ChangeRequest" r WHERE r."spaceId" = s.id),
  "openChangeRequestsCount" = (SELECT count(*) FROM "ChangeRequest" r WHERE r."spaceId" = s.id AND r.status = 'open'),
  "draftChangeRequestsCount" = (SELECT count(*) FROM "ChangeRequest" r WHERE r."spaceId" = s.id AND r.status = 'draft');
