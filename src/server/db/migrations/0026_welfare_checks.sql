-- Welfare checks: an alert whose outcome starts the clock carries a copy of the account's steps as they were when
-- it opened (`steps`, NULL for an alert without steps), when its clock started, the last step the runner reached
-- (`step`, NULL before the first) and when the next one falls due (`next_step_at`, the runner's index). Resolving
-- names an outcome. Every try to reach someone is an attempt; each account's procedure is its welfare settings.
ALTER TABLE "alerts" ADD COLUMN "steps" jsonb;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "clock_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "step" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "next_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "resolution_outcome" text;--> statement-breakpoint
CREATE INDEX "alerts_next_step_idx" ON "alerts" USING btree ("next_step_at") WHERE "alerts"."status" = 'open' AND "alerts"."next_step_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "alert_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by" text NOT NULL,
	"made_by" text DEFAULT 'person' NOT NULL,
	"channel" text NOT NULL,
	"to" text DEFAULT '' NOT NULL,
	"result" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"message_id" integer
);
--> statement-breakpoint
ALTER TABLE "alert_attempts" ADD CONSTRAINT "alert_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_attempts" ADD CONSTRAINT "alert_attempts_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_attempts_account_alert_idx" ON "alert_attempts" USING btree ("account_id","alert_id","at");--> statement-breakpoint
CREATE TABLE "welfare_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"steps" jsonb NOT NULL,
	"check_outcomes" jsonb NOT NULL,
	"managers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "welfare_settings" ADD CONSTRAINT "welfare_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
