-- AlterTable
ALTER TABLE "Space" ADD COLUMN     "changeRequestCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "draftChangeRequests" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "openChangeRequests" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "openComments" INTEGER NOT NULL DEFAULT 0;

-- The counters of spaces existing before this migration.
UPDATE "Space" s SET
  "openComments" = (SELECT count(*) FROM "Comment" c
    WHERE c."spaceId" = s.id AND c."changeRequestId" IS NULL AND c."parentId" IS NULL AND c.status = 'open'),
  "changeRequestCount" = (SELECT count(*) FROM "ChangeRequest" r WHERE r."spaceId" = s.id),
  "openChangeRequests" = (SELECT count(*) FROM "ChangeRequest" r WHERE r."spaceId" = s.id AND r.status = 'open'),
  "draftChangeRequests" = (SELECT count(*) FROM "ChangeRequest" r WHERE r."spaceId" = s.id AND r.status = 'draft');

-- Every write of a comment or change request moves its space's counters in the same
-- transaction, whoever writes it (a handler, a cascade, SQL by hand). A row that counts
-- before and after, in the same space, touches nothing (no lock on the space's row).
CREATE FUNCTION "docstack_count_space_comments"() RETURNS trigger AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD."changeRequestId" IS NULL AND OLD."parentId" IS NULL AND OLD.status = 'open';
  is_now boolean := TG_OP <> 'DELETE' AND NEW."changeRequestId" IS NULL AND NEW."parentId" IS NULL AND NEW.status = 'open';
BEGIN
  IF TG_OP = 'UPDATE' AND was = is_now AND OLD."spaceId" = NEW."spaceId" THEN RETURN NULL; END IF;
  IF was THEN UPDATE "Space" SET "openComments" = "openComments" - 1 WHERE id = OLD."spaceId"; END IF;
  IF is_now THEN UPDATE "Space" SET "openComments" = "openComments" + 1 WHERE id = NEW."spaceId"; END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Comment_space_counters" AFTER INSERT OR DELETE OR UPDATE OF status, "parentId", "changeRequestId", "spaceId" ON "Comment"
  FOR EACH ROW EXECUTE FUNCTION "docstack_count_space_comments"();

CREATE FUNCTION "docstack_count_space_change_requests"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD."spaceId" = NEW."spaceId" THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "Space" SET
      "changeRequestCount" = "changeRequestCount" - 1,
      "openChangeRequests" = "openChangeRequests" - (OLD.status = 'open')::int,
      "draftChangeRequests" = "draftChangeRequests" - (OLD.status = 'draft')::int
    WHERE id = OLD."spaceId";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "Space" SET
      "changeRequestCount" = "changeRequestCount" + 1,
      "openChangeRequests" = "openChangeRequests" + (NEW.status = 'open')::int,
      "draftChangeRequests" = "draftChangeRequests" + (NEW.status = 'draft')::int
    WHERE id = NEW."spaceId";
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "ChangeRequest_space_counters" AFTER INSERT OR DELETE OR UPDATE OF status, "spaceId" ON "ChangeRequest"
  FOR EACH ROW EXECUTE FUNCTION "docstack_count_space_change_requests"();
