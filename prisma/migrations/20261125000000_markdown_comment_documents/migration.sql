-- Comments and replies keep the rich-text document and mentions of their Markdown,
-- parsed once when written: reads never parse Markdown. NULL: written before
-- this column existed (read then parses, as before).
ALTER TABLE "Comment" ADD COLUMN "document" JSONB;
ALTER TABLE "Comment" ADD COLUMN "mentions" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "CommentReply" ADD COLUMN "document" JSONB;
ALTER TABLE "CommentReply" ADD COLUMN "mentions" TEXT[] DEFAULT ARRAY[]::TEXT[];
