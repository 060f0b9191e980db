CREATE TABLE "round_visit_refreshes" (
	"account_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"date" text NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	CONSTRAINT "round_visit_refreshes_account_id_round_id_date_pk" PRIMARY KEY("account_id","round_id","date")
);
--> statement-breakpoint
ALTER TABLE "round_visit_refreshes" ADD CONSTRAINT "round_visit_refreshes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_visit_refreshes" ADD CONSTRAINT "round_visit_refreshes_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;
