-- A run the driver started from their phone page (one per round and day): a second start finds the row and does
-- nothing; the page shows "Run started at HH:MM" from `started_at`.
CREATE TABLE "run_starts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"date" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "run_starts_round_date_unique" UNIQUE("account_id","round_id","date")
);
--> statement-breakpoint
ALTER TABLE "run_starts" ADD CONSTRAINT "run_starts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_starts" ADD CONSTRAINT "run_starts_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The delivery notices made for a visit, each once: the key (the kind, and for a move the new start) is inserted
-- in the transaction that queues the texts, so a change made again or retried queues nothing more.
CREATE TABLE "delivery_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_notices_kind_check" CHECK ("kind" IN ('on_the_way', 'cancelled', 'moved')),
	CONSTRAINT "delivery_notices_once_unique" UNIQUE("visit_id","kind","key")
);
--> statement-breakpoint
ALTER TABLE "delivery_notices" ADD CONSTRAINT "delivery_notices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notices" ADD CONSTRAINT "delivery_notices_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_notices_account_visit_idx" ON "delivery_notices" USING btree ("account_id","visit_id");
