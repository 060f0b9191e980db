-- The day planner's data: a round's vehicle capacity (portions; null = unlimited) and latest return to base
-- (HH:MM; null = none), a client's delivery window (both ends or neither), and the days a round is not out.
ALTER TABLE "rounds" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "latest_return_time" text;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_capacity_check" CHECK ("capacity" IS NULL OR "capacity" > 0);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "delivery_window_earliest" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "delivery_window_latest" text;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_delivery_window_check" CHECK (("delivery_window_earliest" IS NULL AND "delivery_window_latest" IS NULL) OR ("delivery_window_earliest" IS NOT NULL AND "delivery_window_latest" IS NOT NULL AND "delivery_window_earliest" < "delivery_window_latest"));--> statement-breakpoint
CREATE TABLE "round_days_off" (
	"round_id" integer NOT NULL,
	"date" text NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "round_days_off_round_id_date_pk" PRIMARY KEY("round_id","date")
);
--> statement-breakpoint
ALTER TABLE "round_days_off" ADD CONSTRAINT "round_days_off_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_days_off" ADD CONSTRAINT "round_days_off_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "round_days_off_account_date_idx" ON "round_days_off" USING btree ("account_id","date");
