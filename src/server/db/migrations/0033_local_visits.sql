-- Accounts without a CRM (source_system 'none'): MealRounds keeps the "CRM's copy" of their visits itself, made
-- from the clients' plans (docs/product-rules.md, "Visits without a CRM"), and the local source answers the same
-- reads and writes the AlayaCare adapter does. Visits are never deleted: the plan cancels the ones it no longer
-- calls for. One visit per client and day.
CREATE TABLE "local_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"round_id" integer,
	"date" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"cancel_code_id" text,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"is_planned_time" boolean DEFAULT true NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"premiums" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_visits_account_client_date_unique" UNIQUE("account_id","client_id","date"),
	CONSTRAINT "local_visits_status_check" CHECK ("local_visits"."status" in ('scheduled', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "local_visits" ADD CONSTRAINT "local_visits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "local_visits" ADD CONSTRAINT "local_visits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "local_visits" ADD CONSTRAINT "local_visits_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "local_visits_account_date_idx" ON "local_visits" USING btree ("account_id","date");
--> statement-breakpoint
-- How many weeks ahead MealRounds makes the visits of an account without a CRM (extended daily).
ALTER TABLE "accounts" ADD COLUMN "visit_horizon_weeks" integer DEFAULT 4 NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_visit_horizon_weeks_check" CHECK ("accounts"."visit_horizon_weeks" between 1 and 12);
