-- A log in attempt's row is written before its password is checked: is_checked tells the attempts still being
-- checked (false) from the failures (true), so a refusal can say which it was. Rows written before this column
-- are failures.
ALTER TABLE "login_failures" ADD COLUMN "is_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "login_failures" SET "is_checked" = true;
