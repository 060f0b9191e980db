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
-- Adds changes to client days: each change is one choice row (client_ids[i], dates[i]) added (sign 1) or taken
-- away (sign -1) with its quantity. Increments under the row's lock, so concurrent writers never lose one another's
-- changes; a change that adds nothing (a comment edited) writes nothing.
CREATE FUNCTION "add_to_client_day_choices"("client_ids" integer[], "dates" text[], "signs" integer[], "quantities" integer[])
RETURNS void LANGUAGE sql AS $$
	INSERT INTO "client_days" AS "day" ("account_id", "client_id", "date", "choices", "portions")
	SELECT "clients"."account_id", "delta"."client_id", "delta"."date", "delta"."choices", "delta"."portions"
	FROM (
		SELECT "client_id", "date", sum("sign")::integer AS "choices", sum("sign" * "quantity")::integer AS "portions"
		FROM unnest("client_ids", "dates", "signs", "quantities") AS "change"("client_id", "date", "sign", "quantity")
		GROUP BY "client_id", "date"
	) AS "delta"
	JOIN "clients" ON "clients"."id" = "delta"."client_id"
	WHERE "delta"."choices" <> 0 OR "delta"."portions" <> 0
	ORDER BY "delta"."client_id", "delta"."date"
	ON CONFLICT ("client_id", "date") DO UPDATE SET "choices" = "day"."choices" + excluded."choices",
		"portions" = "day"."portions" + excluded."portions";
$$;
--> statement-breakpoint
-- The same for visits: each change is one visit added or taken away with its status.
CREATE FUNCTION "add_to_client_day_visits"("client_ids" integer[], "dates" text[], "signs" integer[], "statuses" text[])
RETURNS void LANGUAGE sql AS $$
	INSERT INTO "client_days" AS "day" ("account_id", "client_id", "date", "visits", "cancelled_visits", "completed_visits")
	SELECT "clients"."account_id", "delta"."client_id", "delta"."date", "delta"."visits", "delta"."cancelled", "delta"."completed"
	FROM (
		SELECT "client_id", "date", sum("sign")::integer AS "visits",
			coalesce(sum("sign") FILTER (WHERE "status" = 'cancelled'), 0)::integer AS "cancelled",
			coalesce(sum("sign") FILTER (WHERE "status" = 'completed'), 0)::integer AS "completed"
		FROM unnest("client_ids", "dates", "signs", "statuses") AS "change"("client_id", "date", "sign", "status")
		GROUP BY "client_id", "date"
	) AS "delta"
	JOIN "clients" ON "clients"."id" = "delta"."client_id"
	WHERE "delta"."visits" <> 0 OR "delta"."cancelled" <> 0 OR "delta"."completed" <> 0
	ORDER BY "delta"."client_id", "delta"."date"
	ON CONFLICT ("client_id", "date") DO UPDATE SET "visits" = "day"."visits" + excluded."visits",
		"cancelled_visits" = "day"."cancelled_visits" + excluded."cancelled_visits",
		"completed_visits" = "day"."completed_visits" + excluded."completed_visits";
$$;
--> statement-breakpoint
-- After each statement on client_meal_choices: the rows it added and took away (an update does both).
CREATE FUNCTION "client_meal_choices_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"client_ids" integer[];
	"dates" text[];
	"signs" integer[];
	"quantities" integer[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg("client_id"), array_agg("date"), array_agg(1), array_agg("quantity")
		INTO "client_ids", "dates", "signs", "quantities" FROM "new_rows";
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg("client_id"), array_agg("date"), array_agg(-1), array_agg("quantity")
		INTO "client_ids", "dates", "signs", "quantities" FROM "old_rows";
	ELSE
		SELECT array_agg("client_id"), array_agg("date"), array_agg("sign"), array_agg("quantity")
		INTO "client_ids", "dates", "signs", "quantities"
		FROM (SELECT "client_id", "date", -1 AS "sign", "quantity" FROM "old_rows"
			UNION ALL SELECT "client_id", "date", 1, "quantity" FROM "new_rows") AS "changed";
	END IF;
	PERFORM "add_to_client_day_choices"("client_ids", "dates", "signs", "quantities");
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- After each statement on visits: the same, with each visit's status (a visit moved to another day, or completed,
-- is taken away as it was and added as it is).
CREATE FUNCTION "visits_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"client_ids" integer[];
	"dates" text[];
	"signs" integer[];
	"statuses" text[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg("client_id"), array_agg("date"), array_agg(1), array_agg("status")
		INTO "client_ids", "dates", "signs", "statuses" FROM "new_rows";
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg("client_id"), array_agg("date"), array_agg(-1), array_agg("status")
		INTO "client_ids", "dates", "signs", "statuses" FROM "old_rows";
	ELSE
		SELECT array_agg("client_id"), array_agg("date"), array_agg("sign"), array_agg("status")
		INTO "client_ids", "dates", "signs", "statuses"
		FROM (SELECT "client_id", "date", -1 AS "sign", "status" FROM "old_rows"
			UNION ALL SELECT "client_id", "date", 1, "status" FROM "new_rows") AS "changed";
	END IF;
	PERFORM "add_to_client_day_visits"("client_ids", "dates", "signs", "statuses");
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "client_meal_choices_days_inserted" AFTER INSERT ON "client_meal_choices" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "client_meal_choices_changed"();
--> statement-breakpoint
CREATE TRIGGER "client_meal_choices_days_updated" AFTER UPDATE ON "client_meal_choices" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "client_meal_choices_changed"();
--> statement-breakpoint
CREATE TRIGGER "client_meal_choices_days_deleted" AFTER DELETE ON "client_meal_choices" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "client_meal_choices_changed"();
--> statement-breakpoint
CREATE TRIGGER "visits_days_inserted" AFTER INSERT ON "visits" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "visits_changed"();
--> statement-breakpoint
CREATE TRIGGER "visits_days_updated" AFTER UPDATE ON "visits" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "visits_changed"();
--> statement-breakpoint
CREATE TRIGGER "visits_days_deleted" AFTER DELETE ON "visits" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "visits_changed"();
--> statement-breakpoint
-- The days of the data already stored.
SELECT "add_to_client_day_choices"(array_agg("client_id"), array_agg("date"), array_agg(1), array_agg("quantity"))
FROM "client_meal_choices";
--> statement-breakpoint
SELECT "add_to_client_day_visits"(array_agg("client_id"), array_agg("date"), array_agg(1), array_agg("status"))
FROM "visits";
