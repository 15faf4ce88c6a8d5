-- Rate-limit counters are written on every request: as an UNLOGGED table they
-- write no WAL, so a request's commit waits for no disk flush. A crash of the
-- server empties the table, which only restarts the budgets of the window.
-- (Prisma's schema cannot express UNLOGGED: the migrations test compares columns,
-- constraints and indexes, which this keeps.)
ALTER TABLE "RateLimit" SET UNLOGGED;
