-- The clients list keeps its rows (who is listed, in which order, with which fields) apart from its 14-day strip
-- (portions, holds, visits by day). `version` still rises with every write to any of them; `rows_version` only with
-- a write that can change the rows: clients (other than the save stamp `updated_at`) and rounds. A meal-choice
-- save then leaves the rows and the totals cached, and only the page's strip is read again.
ALTER TABLE "client_list_versions" ADD COLUMN "rows_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Inserts and deletes of clients, and every write to rounds: both counters of each account written.
CREATE FUNCTION "bump_client_list_row_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "client_list_versions" AS "current" ("account_id", "version", "rows_version")
	SELECT DISTINCT "changed_rows"."account_id", 1, 1 FROM "changed_rows"
	WHERE EXISTS (SELECT 1 FROM "accounts" WHERE "accounts"."id" = "changed_rows"."account_id")
	ORDER BY "changed_rows"."account_id"
	ON CONFLICT ("account_id") DO UPDATE
	SET "version" = "current"."version" + 1, "rows_version" = "current"."rows_version" + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Updates of clients: `version` for every account written, `rows_version` only where a row changed more than its
-- `updated_at` (a meal-choice save stamps its client, and that must not empty the cached rows).
CREATE FUNCTION "bump_client_list_versions_on_client_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "client_list_versions" AS "current" ("account_id", "version", "rows_version")
	SELECT "new_rows"."account_id", 1,
		max(CASE WHEN (to_jsonb("new_rows") - 'updated_at') IS DISTINCT FROM (to_jsonb("old_rows") - 'updated_at')
			THEN 1 ELSE 0 END)
	FROM "new_rows" JOIN "old_rows" ON "old_rows"."id" = "new_rows"."id"
	WHERE EXISTS (SELECT 1 FROM "accounts" WHERE "accounts"."id" = "new_rows"."account_id")
	GROUP BY "new_rows"."account_id"
	ORDER BY "new_rows"."account_id"
	ON CONFLICT ("account_id") DO UPDATE
	SET "version" = "current"."version" + 1, "rows_version" = "current"."rows_version" + "excluded"."rows_version";
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "clients_inserted" ON "clients";
--> statement-breakpoint
CREATE TRIGGER "clients_inserted" AFTER INSERT ON "clients" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_row_versions"();
--> statement-breakpoint
DROP TRIGGER "clients_updated" ON "clients";
--> statement-breakpoint
CREATE TRIGGER "clients_updated" AFTER UPDATE ON "clients" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions_on_client_update"();
--> statement-breakpoint
DROP TRIGGER "clients_deleted" ON "clients";
--> statement-breakpoint
CREATE TRIGGER "clients_deleted" AFTER DELETE ON "clients" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_row_versions"();
--> statement-breakpoint
DROP TRIGGER "rounds_inserted" ON "rounds";
--> statement-breakpoint
CREATE TRIGGER "rounds_inserted" AFTER INSERT ON "rounds" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_row_versions"();
--> statement-breakpoint
DROP TRIGGER "rounds_updated" ON "rounds";
--> statement-breakpoint
CREATE TRIGGER "rounds_updated" AFTER UPDATE ON "rounds" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_row_versions"();
--> statement-breakpoint
DROP TRIGGER "rounds_deleted" ON "rounds";
--> statement-breakpoint
CREATE TRIGGER "rounds_deleted" AFTER DELETE ON "rounds" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_row_versions"();
