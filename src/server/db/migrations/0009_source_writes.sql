CREATE TABLE "source_writes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"previous" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"claim_token" text,
	"is_outcome_unknown" boolean DEFAULT false NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "source_writes" ADD CONSTRAINT "source_writes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "source_writes" ADD CONSTRAINT "source_writes_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "source_writes_due_idx" ON "source_writes" USING btree ("next_attempt_at") WHERE "source_writes"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "source_writes_visit_idx" ON "source_writes" USING btree ("visit_id","kind","status");
--> statement-breakpoint
CREATE INDEX "source_writes_account_idx" ON "source_writes" USING btree ("account_id","status");
