CREATE TABLE "client_days" (
	"account_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"date" text NOT NULL,
	"choices" integer DEFAULT 0 NOT NULL,
	"portions" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"cancelled_visits" integer DEFAULT 0 NOT NULL,
	"completed_visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_days_client_id_date_pk" PRIMARY KEY("client_id","date")
);
--> statement-breakpoint
ALTER TABLE "client_days" ADD CONSTRAINT "client_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_days" ADD CONSTRAINT "client_days_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_days_account_date_idx" ON "client_days" USING btree ("account_id","date");--> statement-breakpoint
-- Recounts the choices and portions of these client days (pairs of client_ids[i], dates[i]). Only the choice
-- columns are written on a conflict, so a concurrent visits change to the same day is never overwritten.
CREATE FUNCTION "refresh_client_day_choices"("client_ids" integer[], "dates" text[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "client_days" ("account_id", "client_id", "date", "choices", "portions")
	SELECT "clients"."account_id", "day"."client_id", "day"."date", "chosen"."choices", "chosen"."portions"
	FROM (SELECT DISTINCT * FROM unnest("client_ids", "dates") AS "pair"("client_id", "date")) AS "day"
	JOIN "clients" ON "clients"."id" = "day"."client_id"
	CROSS JOIN LATERAL (
		SELECT count(*)::integer AS "choices", coalesce(sum("quantity"), 0)::integer AS "portions"
		FROM "client_meal_choices" WHERE "client_id" = "day"."client_id" AND "date" = "day"."date"
	) AS "chosen"
	ORDER BY "day"."client_id", "day"."date"
	ON CONFLICT ("client_id", "date") DO UPDATE SET "choices" = excluded."choices", "portions" = excluded."portions";
$$;
--> statement-breakpoint
-- Recounts the visits of these client days by status; only the visit columns are written on a conflict.
CREATE FUNCTION "refresh_client_day_visits"("client_ids" integer[], "dates" text[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "client_days" ("account_id", "client_id", "date", "visits", "cancelled_visits", "completed_visits")
	SELECT "clients"."account_id", "day"."client_id", "day"."date", "held"."visits", "held"."cancelled", "held"."completed"
	FROM (SELECT DISTINCT * FROM unnest("client_ids", "dates") AS "pair"("client_id", "date")) AS "day"
	JOIN "clients" ON "clients"."id" = "day"."client_id"
	CROSS JOIN LATERAL (
		SELECT count(*)::integer AS "visits",
			(count(*) FILTER (WHERE "status" = 'cancelled'))::integer AS "cancelled",
			(count(*) FILTER (WHERE "status" = 'completed'))::integer AS "completed"
		FROM "visits" WHERE "client_id" = "day"."client_id" AND "date" = "day"."date"
	) AS "held"
	ORDER BY "day"."client_id", "day"."date"
	ON CONFLICT ("client_id", "date") DO UPDATE SET "visits" = excluded."visits",
		"cancelled_visits" = excluded."cancelled_visits", "completed_visits" = excluded."completed_visits";
$$;
--> statement-breakpoint
-- After each statement on client_meal_choices or visits (TG_ARGV[0] says which): the client days it touched,
-- before and after an update (a visit moved to another day changes both days).
CREATE FUNCTION "client_days_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"client_ids" integer[];
	"dates" text[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg("client_id"), array_agg("date") INTO "client_ids", "dates" FROM "new_rows";
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg("client_id"), array_agg("date") INTO "client_ids", "dates" FROM "old_rows";
	ELSE
		SELECT array_agg("client_id"), array_agg("date") INTO "client_ids", "dates"
		FROM (SELECT "client_id", "date" FROM "old_rows" UNION SELECT "client_id", "date" FROM "new_rows") AS "changed";
	END IF;
	IF "client_ids" IS NULL THEN
		RETURN NULL;
	ELSIF TG_ARGV[0] = 'choices' THEN
		PERFORM "refresh_client_day_choices"("client_ids", "dates");
	ELSE
		PERFORM "refresh_client_day_visits"("client_ids", "dates");
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "client_meal_choices_days_inserted" AFTER INSERT ON "client_meal_choices" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "client_days_changed"('choices');
--> statement-breakpoint
CREATE TRIGGER "client_meal_choices_days_updated" AFTER UPDATE ON "client_meal_choices" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "client_days_changed"('choices');
--> statement-breakpoint
CREATE TRIGGER "client_meal_choices_days_deleted" AFTER DELETE ON "client_meal_choices" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "client_days_changed"('choices');
--> statement-breakpoint
CREATE TRIGGER "visits_days_inserted" AFTER INSERT ON "visits" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "client_days_changed"('visits');
--> statement-breakpoint
CREATE TRIGGER "visits_days_updated" AFTER UPDATE ON "visits" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "client_days_changed"('visits');
--> statement-breakpoint
CREATE TRIGGER "visits_days_deleted" AFTER DELETE ON "visits" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "client_days_changed"('visits');
--> statement-breakpoint
-- The days of the data already stored.
SELECT "refresh_client_day_choices"(array_agg("client_id"), array_agg("date"))
FROM (SELECT DISTINCT "client_id", "date" FROM "client_meal_choices") AS "day";
--> statement-breakpoint
SELECT "refresh_client_day_visits"(array_agg("client_id"), array_agg("date"))
FROM (SELECT DISTINCT "client_id", "date" FROM "visits") AS "day";
