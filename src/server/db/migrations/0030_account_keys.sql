-- Every table that holds an account's data carries a NOT NULL account_id and an index led by it
-- (account-keys.test.ts checks the whole schema), so a deployment can later distribute by account.
-- Login sessions and confirmation codes belonged to their account only through the user: they take the user's.
ALTER TABLE "login_sessions" ADD COLUMN "account_id" integer;--> statement-breakpoint
UPDATE "login_sessions" SET "account_id" = "users"."account_id" FROM "users" WHERE "users"."id" = "login_sessions"."user_id";--> statement-breakpoint
ALTER TABLE "login_sessions" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "login_sessions" ADD CONSTRAINT "login_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_sessions_account_user_idx" ON "login_sessions" USING btree ("account_id","user_id");--> statement-breakpoint
ALTER TABLE "confirm_codes" ADD COLUMN "account_id" integer;--> statement-breakpoint
UPDATE "confirm_codes" SET "account_id" = "users"."account_id" FROM "users" WHERE "users"."id" = "confirm_codes"."user_id";--> statement-breakpoint
ALTER TABLE "confirm_codes" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "confirm_codes" ADD CONSTRAINT "confirm_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "confirm_codes_account_user_idx" ON "confirm_codes" USING btree ("account_id","user_id");--> statement-breakpoint
-- Tables that had the column but no index led by it.
CREATE INDEX "users_account_username_idx" ON "users" USING btree ("account_id","username");--> statement-breakpoint
CREATE INDEX "print_files_account_user_idx" ON "print_files" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "driver_photos_account_created_idx" ON "driver_photos" USING btree ("account_id","created_at");--> statement-breakpoint
-- The shipped DEX code lists were funding_codes rows without an account: global reference data and account rows
-- in one table. The defaults move to a table of their own; funding_codes keeps only accounts' own lists.
CREATE TABLE "funding_code_defaults" (
	"id" serial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funding_code_defaults_list_code_unique" UNIQUE("list","code")
);
--> statement-breakpoint
INSERT INTO "funding_code_defaults" ("list", "code", "description", "position")
	SELECT "list", "code", "description", "position" FROM "funding_codes" WHERE "account_id" IS NULL ORDER BY "id";--> statement-breakpoint
DELETE FROM "funding_codes" WHERE "account_id" IS NULL;--> statement-breakpoint
ALTER TABLE "funding_codes" ALTER COLUMN "account_id" SET NOT NULL;
