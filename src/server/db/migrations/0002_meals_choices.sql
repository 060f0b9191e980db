CREATE TABLE "client_meal_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"date" text NOT NULL,
	"meal_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"meal_state" text DEFAULT 'Frozen' NOT NULL,
	"cook_deliver" text DEFAULT 'Cook & Deliver' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "client_meal_choices_unique" UNIQUE("client_id","date","meal_id")
);
--> statement-breakpoint
CREATE TABLE "meals" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"description" text NOT NULL,
	"ingredients" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"meal_state" text DEFAULT 'Hot' NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meals_account_key_unique" UNIQUE("account_id","key")
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "premiums_synced" jsonb;--> statement-breakpoint
ALTER TABLE "client_meal_choices" ADD CONSTRAINT "client_meal_choices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_meal_choices" ADD CONSTRAINT "client_meal_choices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_meal_choices" ADD CONSTRAINT "client_meal_choices_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_category_id_meal_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."meal_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_meal_choices_account_date_idx" ON "client_meal_choices" USING btree ("account_id","date");