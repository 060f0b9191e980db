CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"source_id" text NOT NULL,
	"external_id" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"external_status" text DEFAULT 'active' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"round_id" integer,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dietary_requirements" text DEFAULT '' NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"plan_dow" jsonb DEFAULT '[0,0,0,0,0,0,0]'::jsonb NOT NULL,
	"delivery_instructions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_account_source_unique" UNIQUE("account_id","source_id")
);
--> statement-breakpoint
CREATE TABLE "meal_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "meal_categories_account_key_unique" UNIQUE("account_id","key"),
	CONSTRAINT "meal_categories_account_name_unique" UNIQUE("account_id","name")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"source_id" text NOT NULL,
	"date" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"service_code_id" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT 'Australia/Sydney' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_account_source_unique" UNIQUE("account_id","source_id")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_categories" ADD CONSTRAINT "meal_categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_account_name_idx" ON "clients" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "clients_round_idx" ON "clients" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "visits_account_date_idx" ON "visits" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "visits_client_date_idx" ON "visits" USING btree ("client_id","date");