-- Member lists sorted by name read as people expect ("alice" before "Bob"),
-- not in byte order: User.displayName takes the ICU root collation. Prisma does
-- not model column collations, so schema.prisma is unchanged and diffs stay
-- clean. A server built without ICU keeps the database's default collation.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') THEN
    ALTER TABLE "User" ALTER COLUMN "displayName" SET DATA TYPE TEXT COLLATE "und-x-icu";
  END IF;
END
$$;
