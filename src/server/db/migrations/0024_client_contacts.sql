-- A client's contacts (family, neighbours, doctors): an ordered list, from the CRM (source 'crm', replaced by every
-- contact sync, read-only in the product) or added in the product (source 'local', kept by the sync). Phones are
-- E.164 or '' (none, or a CRM number that could not be read: its text is kept in crm_phone_text).
CREATE TABLE "client_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"relationship" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"crm_phone_text" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"is_emergency" boolean DEFAULT false NOT NULL,
	"priority" integer NOT NULL,
	"wants_notices" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"source_contact_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_contacts_source_check" CHECK ("source" IN ('crm', 'local')),
	CONSTRAINT "client_contacts_source_id_check" CHECK (("source" = 'crm') = ("source_contact_id" IS NOT NULL)),
	CONSTRAINT "client_contacts_account_client_source_unique" UNIQUE("account_id","client_id","source_contact_id")
);
--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_contacts_account_client_idx" ON "client_contacts" USING btree ("account_id","client_id","priority");--> statement-breakpoint
-- Whether the client wants delivery notices themselves (kept by the product, never by the CRM).
ALTER TABLE "clients" ADD COLUMN "wants_notices" boolean DEFAULT false NOT NULL;
