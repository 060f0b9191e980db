-- The account and its rounds are read on most calls (the timezone, the settings). `settings_version` rises with
-- every write to either, so an app server can keep them in memory and check the copy against the version that
-- the session check reads in the same round trip: several servers share one database, and any of them may change
-- the account.
ALTER TABLE "accounts" ADD COLUMN "settings_version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "raise_account_settings_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."settings_version" := OLD."settings_version" + 1;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_settings_version" BEFORE UPDATE ON "accounts" FOR EACH ROW EXECUTE FUNCTION "raise_account_settings_version"();
--> statement-breakpoint
-- A write to rounds touches its accounts, whose trigger above raises the version. An account deleted with its
-- rounds is no longer there to touch.
CREATE FUNCTION "raise_account_settings_version_of_rounds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "accounts" SET "settings_version" = "accounts"."settings_version"
	WHERE "accounts"."id" IN (SELECT "account_id" FROM "changed_rounds");
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "rounds_inserted_settings_version" AFTER INSERT ON "rounds" REFERENCING NEW TABLE AS "changed_rounds" FOR EACH STATEMENT EXECUTE FUNCTION "raise_account_settings_version_of_rounds"();
--> statement-breakpoint
CREATE TRIGGER "rounds_updated_settings_version" AFTER UPDATE ON "rounds" REFERENCING NEW TABLE AS "changed_rounds" FOR EACH STATEMENT EXECUTE FUNCTION "raise_account_settings_version_of_rounds"();
--> statement-breakpoint
CREATE TRIGGER "rounds_deleted_settings_version" AFTER DELETE ON "rounds" REFERENCING OLD TABLE AS "changed_rounds" FOR EACH STATEMENT EXECUTE FUNCTION "raise_account_settings_version_of_rounds"();
