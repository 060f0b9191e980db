-- The day planner's applied assignment: per visit, the round that carries it on its day (instead of its client's
-- own round), its stop number there, and the times it had before, so that undoing the day can publish them back.
CREATE TABLE "visit_round_days" (
	"visit_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"date" text NOT NULL,
	"round_id" integer NOT NULL,
	"position" integer NOT NULL,
	"previous_start_at" timestamp with time zone NOT NULL,
	"previous_end_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_round_days" ADD CONSTRAINT "visit_round_days_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_round_days" ADD CONSTRAINT "visit_round_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_round_days" ADD CONSTRAINT "visit_round_days_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_round_days_account_date_round_idx" ON "visit_round_days" USING btree ("account_id","date","round_id");
