CREATE TABLE "allergens" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "allergens_account_key_unique" UNIQUE("account_id","key"),
	CONSTRAINT "allergens_account_name_unique" UNIQUE("account_id","name")
);
--> statement-breakpoint
ALTER TABLE "allergens" ADD CONSTRAINT "allergens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "allergens" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "allergies" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "client_meal_choices" ADD COLUMN "allergen_override" text;--> statement-breakpoint
-- The declarable allergens of the food standards, in their usual order: every account starts with them.
CREATE FUNCTION "seed_account_allergens"("new_account_id" integer)
RETURNS void LANGUAGE sql AS $$
	INSERT INTO "allergens" ("account_id", "key", "name")
	SELECT "new_account_id", gen_random_uuid()::text, "standard"."name"
	FROM unnest(ARRAY['gluten', 'crustacea', 'egg', 'fish', 'milk', 'peanut', 'soy', 'sesame', 'tree nuts', 'lupin',
		'mollusc', 'sulphites']) WITH ORDINALITY AS "standard"("name", "position")
	ORDER BY "standard"."position"
	ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
-- A trigger, so every way an account comes to be (registration, the demo, tests) starts with the list.
CREATE FUNCTION "seed_new_account_allergens"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "seed_account_allergens"(NEW."id");
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_seed_allergens" AFTER INSERT ON "accounts" FOR EACH ROW EXECUTE FUNCTION "seed_new_account_allergens"();--> statement-breakpoint
SELECT "seed_account_allergens"("id") FROM "accounts";
