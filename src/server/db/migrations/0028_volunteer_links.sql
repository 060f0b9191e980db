-- A driver's personal link (ADR 0040): opens their own page of the roster without a login. Only the token's SHA-256
-- is kept (like driver_links, ADR 0014); a new link revokes the driver's earlier one, so one works at a time.
CREATE TABLE "volunteer_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "volunteer_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "volunteer_links" ADD CONSTRAINT "volunteer_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_links" ADD CONSTRAINT "volunteer_links_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_links" ADD CONSTRAINT "volunteer_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "volunteer_links_account_driver_idx" ON "volunteer_links" USING btree ("account_id","driver_id");--> statement-breakpoint
-- Reminders to drivers and alerts to the office about the roster, each sent once: the unique key (kind, round, day
-- and driver; no driver for an alert) is inserted in the transaction that queues the mail, so a second server's run
-- inserts nothing and sends nothing. `recipients` are the addresses it went to, `channels` how ('mail', 'sms').
CREATE TABLE "roster_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"round_id" integer NOT NULL,
	"date" text NOT NULL,
	"driver_id" integer,
	"recipients" text[] NOT NULL,
	"channels" text[] NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "roster_reminders_kind_check" CHECK ("kind" IN ('driver_reminder', 'unfilled_48h', 'unfilled_24h')),
	CONSTRAINT "roster_reminders_once_unique" UNIQUE NULLS NOT DISTINCT("kind","round_id","date","driver_id")
);
--> statement-breakpoint
ALTER TABLE "roster_reminders" ADD CONSTRAINT "roster_reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_reminders" ADD CONSTRAINT "roster_reminders_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_reminders" ADD CONSTRAINT "roster_reminders_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_reminders_account_date_idx" ON "roster_reminders" USING btree ("account_id","date");--> statement-breakpoint
-- How late a driver may give a day back through their personal link: hours before the round's pickup time.
ALTER TABLE "accounts" ADD COLUMN "release_cutoff_hours" integer DEFAULT 24 NOT NULL;
