-- SMS and voice messages both ways (the outgoing ones are an outbox: written 'queued' with the change that decides
-- them, sent by the message sender of any app server), each account's messaging settings (the provider's auth token
-- sealed like the CRM password) and the numbers that replied STOP. contact_id and driver_id have no foreign key:
-- their tables belong to other features.
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"direction" text DEFAULT 'out' NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"purpose" text NOT NULL,
	"client_id" integer,
	"contact_id" integer,
	"driver_id" integer,
	"alert_id" integer,
	"status" text NOT NULL,
	"provider_sid" text,
	"error" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_direction_check" CHECK ("messages"."direction" in ('out', 'in')),
	CONSTRAINT "messages_channel_check" CHECK ("messages"."channel" in ('sms', 'voice'))
);
--> statement-breakpoint
CREATE TABLE "messaging_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'none' NOT NULL,
	"api_url" text DEFAULT 'https://api.twilio.com' NOT NULL,
	"account_sid" text DEFAULT '' NOT NULL,
	"auth_token_encrypted" text DEFAULT '' NOT NULL,
	"sender_number" text DEFAULT '' NOT NULL,
	"quiet_from" text,
	"quiet_to" text,
	"templates" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_opt_outs" (
	"account_id" integer NOT NULL,
	"phone" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_opt_outs_account_id_phone_pk" PRIMARY KEY("account_id","phone")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD CONSTRAINT "messaging_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_opt_outs" ADD CONSTRAINT "message_opt_outs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_account_created_idx" ON "messages" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_account_client_idx" ON "messages" USING btree ("account_id","client_id");--> statement-breakpoint
CREATE INDEX "messages_account_driver_idx" ON "messages" USING btree ("account_id","driver_id");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("next_attempt_at") WHERE "messages"."status" in ('queued', 'deferred', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_settings_sender_idx" ON "messaging_settings" USING btree ("sender_number") WHERE "messaging_settings"."sender_number" <> '';
