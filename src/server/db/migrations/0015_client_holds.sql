CREATE TABLE "client_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_holds_dates_check" CHECK ("to_date" IS NULL OR "to_date" >= "from_date")
);
--> statement-breakpoint
ALTER TABLE "client_holds" ADD CONSTRAINT "client_holds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_holds" ADD CONSTRAINT "client_holds_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_holds_client_from_idx" ON "client_holds" USING btree ("client_id","from_date");--> statement-breakpoint
CREATE INDEX "client_holds_account_from_idx" ON "client_holds" USING btree ("account_id","from_date");--> statement-breakpoint
-- A visit the product cancelled in the CRM because its day fell in a hold: the one it puts back when the hold
-- no longer covers that day.
ALTER TABLE "visits" ADD COLUMN "is_hold_cancelled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The clients list marks held days and filters on holds: a hold written is a list change (migration 0006).
CREATE TRIGGER "client_holds_inserted" AFTER INSERT ON "client_holds" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "client_holds_updated" AFTER UPDATE ON "client_holds" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "client_holds_deleted" AFTER DELETE ON "client_holds" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_client_list_versions"();
