CREATE TABLE "client_list_versions" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_list_versions" ADD CONSTRAINT "client_list_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Raises the clients list's counter of each account a statement wrote. Statement-level, so a bulk write (a sync,
-- the demo's seeding) costs one upsert; accounts being deleted (a cascade) are skipped.
CREATE FUNCTION "bump_client_list_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "client_list_versions" AS "current" ("account_id", "version")
	SELECT DISTINCT "changed_rows"."account_id", 1 FROM "changed_rows"
	WHERE EXISTS (SELECT 1 FROM "accounts" WHERE "accounts"."id" = "changed_rows"."account_id")
	ORDER BY "changed_rows"."account_id"
	ON CONFLICT ("account_id") DO UPDATE SET "version" = "current"."version" + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clients_inserted" AFTER INSERT ON "clients" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "clients_updated" AFTER UPDATE ON "clients" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "clients_deleted" AFTER DELETE ON "clients" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "client_meal_choices_inserted" AFTER INSERT ON "client_meal_choices" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "client_meal_choices_updated" AFTER UPDATE ON "client_meal_choices" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "client_meal_choices_deleted" AFTER DELETE ON "client_meal_choices" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "rounds_inserted" AFTER INSERT ON "rounds" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "rounds_updated" AFTER UPDATE ON "rounds" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "rounds_deleted" AFTER DELETE ON "rounds" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions"();
