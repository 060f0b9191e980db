CREATE TABLE "driver_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"date" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "driver_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "driver_links" ADD CONSTRAINT "driver_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "driver_links" ADD CONSTRAINT "driver_links_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "driver_links" ADD CONSTRAINT "driver_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "driver_links_round_date_idx" ON "driver_links" USING btree ("account_id","round_id","date");
--> statement-breakpoint
CREATE TABLE "driver_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"content" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "driver_photos" ADD CONSTRAINT "driver_photos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "driver_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"client_uuid" uuid NOT NULL,
	"visit_id" integer NOT NULL,
	"link_id" integer,
	"outcome" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photo_id" uuid,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_outcomes_account_uuid_unique" UNIQUE("account_id","client_uuid")
);
--> statement-breakpoint
ALTER TABLE "driver_outcomes" ADD CONSTRAINT "driver_outcomes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "driver_outcomes" ADD CONSTRAINT "driver_outcomes_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "driver_outcomes" ADD CONSTRAINT "driver_outcomes_link_id_driver_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."driver_links"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "driver_outcomes" ADD CONSTRAINT "driver_outcomes_photo_id_driver_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."driver_photos"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "driver_outcomes_visit_idx" ON "driver_outcomes" USING btree ("visit_id","recorded_at");
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"outcome_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolved_by_name" text,
	"resolution_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "alerts_visit_unique" UNIQUE("visit_id")
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_outcome_id_driver_outcomes_id_fk" FOREIGN KEY ("outcome_id") REFERENCES "public"."driver_outcomes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "alerts_account_status_idx" ON "alerts" USING btree ("account_id","status") WHERE "alerts"."status" = 'open';
