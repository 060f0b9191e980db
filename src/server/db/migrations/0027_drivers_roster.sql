-- Volunteer drivers and the roster: who drives each round each day. A slot (round and day) is worked out when it is
-- read (ADR 0039): a one-time or substitute assignment of that day, else the recurring pattern that covers the day;
-- a driver on time off that day leaves the slot unfilled. Dates are YYYY-MM-DD in the account's time zone.
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drivers_account_name_idx" ON "drivers" USING btree ("account_id","name");--> statement-breakpoint
-- The rounds a driver knows (can drive without being shown the way).
CREATE TABLE "driver_rounds" (
	"driver_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "driver_rounds_driver_id_round_id_pk" PRIMARY KEY("driver_id","round_id")
);
--> statement-breakpoint
ALTER TABLE "driver_rounds" ADD CONSTRAINT "driver_rounds_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_rounds" ADD CONSTRAINT "driver_rounds_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_rounds" ADD CONSTRAINT "driver_rounds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_rounds_account_round_idx" ON "driver_rounds" USING btree ("account_id","round_id");--> statement-breakpoint
-- A driver on a round on some weekdays, every N weeks counted from the week of "starts", until "ends" (both
-- included; null = open-ended); week_of_month n keeps only the nth such weekday of a month ("the 2nd Tuesday").
-- Deleting a pattern that has past days ends it yesterday instead, so the past keeps its driver.
CREATE TABLE "roster_patterns" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"weekdays" integer[] NOT NULL,
	"every_weeks" integer DEFAULT 1 NOT NULL,
	"week_of_month" integer,
	"starts" text NOT NULL,
	"ends" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_patterns_every_weeks_check" CHECK ("every_weeks" BETWEEN 1 AND 8),
	CONSTRAINT "roster_patterns_week_of_month_check" CHECK ("week_of_month" IS NULL OR "week_of_month" BETWEEN 1 AND 5),
	CONSTRAINT "roster_patterns_dates_check" CHECK ("ends" IS NULL OR "ends" >= "starts")
);
--> statement-breakpoint
ALTER TABLE "roster_patterns" ADD CONSTRAINT "roster_patterns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_patterns" ADD CONSTRAINT "roster_patterns_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_patterns" ADD CONSTRAINT "roster_patterns_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_patterns_account_round_idx" ON "roster_patterns" USING btree ("account_id","round_id");--> statement-breakpoint
CREATE INDEX "roster_patterns_account_driver_idx" ON "roster_patterns" USING btree ("account_id","driver_id");--> statement-breakpoint
-- One round's day set apart from its pattern: a one-time driver, a substitute, or (driver_id null) left unfilled.
-- A released day (the driver gave it back through their personal link) is unfilled with is_released true and
-- released_driver_id the one who gave it back, until someone picks it up.
CREATE TABLE "roster_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"date" text NOT NULL,
	"driver_id" integer,
	"is_released" boolean DEFAULT false NOT NULL,
	"released_driver_id" integer,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_assignments_round_date_unique" UNIQUE("round_id","date"),
	CONSTRAINT "roster_assignments_released_check" CHECK (NOT "is_released" OR "driver_id" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "roster_assignments" ADD CONSTRAINT "roster_assignments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_assignments" ADD CONSTRAINT "roster_assignments_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_assignments" ADD CONSTRAINT "roster_assignments_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_assignments" ADD CONSTRAINT "roster_assignments_released_driver_id_drivers_id_fk" FOREIGN KEY ("released_driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_assignments_account_date_idx" ON "roster_assignments" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "roster_assignments_driver_date_idx" ON "roster_assignments" USING btree ("driver_id","date");--> statement-breakpoint
-- A driver's days away (from_date to to_date, both included): they fill no slot then.
CREATE TABLE "driver_time_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_time_off_dates_check" CHECK ("to_date" >= "from_date")
);
--> statement-breakpoint
ALTER TABLE "driver_time_off" ADD CONSTRAINT "driver_time_off_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_time_off" ADD CONSTRAINT "driver_time_off_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_time_off_account_driver_idx" ON "driver_time_off" USING btree ("account_id","driver_id","from_date");
