-- Funder reports (issue 26, items 3 to 5): each client's funder profile (programme, fee per meal, the Data Exchange
-- client fields), the DEX code lists (shipped defaults without an account; an account's own copy of a list replaces
-- them once an administrator updates it), closed months with their frozen figures, and the DEX ids last used.
CREATE TABLE "client_funding_profiles" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"programme" text,
	"fee_per_meal_cents" integer DEFAULT 0 NOT NULL,
	"birth_date" text,
	"is_birth_date_estimate" boolean DEFAULT false NOT NULL,
	"gender_code" text,
	"country_of_birth_code" text,
	"language_code" text,
	"atsi_code" text,
	"dva_card_status_code" text,
	"accommodation_type_code" text,
	"household_composition_code" text,
	"has_carer" boolean,
	"has_disabilities" boolean DEFAULT false NOT NULL,
	"consent_to_provide_details" boolean DEFAULT false NOT NULL,
	"consented_for_future_contacts" boolean DEFAULT false NOT NULL,
	"locally_set" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_funding_profiles_programme_check" CHECK ("client_funding_profiles"."programme" is null or "client_funding_profiles"."programme" in ('CHSP', 'HCP', 'NDIS', 'private', 'other')),
	CONSTRAINT "client_funding_profiles_fee_check" CHECK ("client_funding_profiles"."fee_per_meal_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "client_funding_profiles" ADD CONSTRAINT "client_funding_profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_funding_profiles" ADD CONSTRAINT "client_funding_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_funding_profiles_account_idx" ON "client_funding_profiles" USING btree ("account_id","programme");--> statement-breakpoint
CREATE TABLE "funding_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"list" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funding_codes_account_list_code_unique" UNIQUE NULLS NOT DISTINCT("account_id","list","code")
);
--> statement-breakpoint
ALTER TABLE "funding_codes" ADD CONSTRAINT "funding_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "month_closes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"month" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by" integer,
	CONSTRAINT "month_closes_account_month_unique" UNIQUE("account_id","month")
);
--> statement-breakpoint
ALTER TABLE "month_closes" ADD CONSTRAINT "month_closes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_closes" ADD CONSTRAINT "month_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "month_close_clients" (
	"month_close_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"programme" text,
	"fee_per_meal_cents" integer NOT NULL,
	CONSTRAINT "month_close_clients_month_close_id_client_id_pk" PRIMARY KEY("month_close_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "month_close_clients" ADD CONSTRAINT "month_close_clients_month_close_id_month_closes_id_fk" FOREIGN KEY ("month_close_id") REFERENCES "public"."month_closes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_close_clients" ADD CONSTRAINT "month_close_clients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_close_clients" ADD CONSTRAINT "month_close_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "month_close_clients_account_idx" ON "month_close_clients" USING btree ("account_id","client_id");--> statement-breakpoint
CREATE TABLE "month_close_days" (
	"month_close_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"date" text NOT NULL,
	"ordered" integer NOT NULL,
	"delivered" integer NOT NULL,
	"held" integer NOT NULL,
	CONSTRAINT "month_close_days_month_close_id_client_id_date_pk" PRIMARY KEY("month_close_id","client_id","date")
);
--> statement-breakpoint
ALTER TABLE "month_close_days" ADD CONSTRAINT "month_close_days_month_close_id_month_closes_id_fk" FOREIGN KEY ("month_close_id") REFERENCES "public"."month_closes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_close_days" ADD CONSTRAINT "month_close_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "month_close_days_account_idx" ON "month_close_days" USING btree ("account_id","date");--> statement-breakpoint
CREATE TABLE "dex_export_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"outlet_activity_id" integer NOT NULL,
	"service_type_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dex_export_settings" ADD CONSTRAINT "dex_export_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The shipped DEX code lists (the Data Exchange reference data's codes as this release knows them; the
-- department revises them, and an administrator updates an account's lists from the Funding codes API).
INSERT INTO "funding_codes" ("list", "code", "description", "position") VALUES
	('gender', 'MALE', 'Male', 0),
	('gender', 'FEMALE', 'Female', 1),
	('gender', 'INTERSEX', 'Intersex or indeterminate', 2),
	('gender', 'NOTSTATED', 'Not stated or inadequately described', 3),
	('country_of_birth', '1101', 'Australia', 0),
	('country_of_birth', '1201', 'New Zealand', 1),
	('country_of_birth', '2102', 'England', 2),
	('country_of_birth', '2105', 'Scotland', 3),
	('country_of_birth', '2201', 'Ireland', 4),
	('country_of_birth', '2304', 'Germany', 5),
	('country_of_birth', '2308', 'Netherlands', 6),
	('country_of_birth', '3104', 'Italy', 7),
	('country_of_birth', '3207', 'Greece', 8),
	('country_of_birth', '3307', 'Malta', 9),
	('country_of_birth', '4106', 'Lebanon', 10),
	('country_of_birth', '5105', 'Vietnam', 11),
	('country_of_birth', '5204', 'Philippines', 12),
	('country_of_birth', '6101', 'China (excludes SARs and Taiwan)', 13),
	('country_of_birth', '6102', 'Hong Kong (SAR of China)', 14),
	('country_of_birth', '7103', 'India', 15),
	('country_of_birth', '7107', 'Sri Lanka', 16),
	('country_of_birth', '8104', 'United States of America', 17),
	('country_of_birth', '9225', 'South Africa', 18),
	('country_of_birth', '0001', 'Inadequately described', 19),
	('country_of_birth', '0003', 'Not stated', 20),
	('language', '1201', 'English', 0),
	('language', '2101', 'Dutch', 1),
	('language', '2201', 'Greek', 2),
	('language', '2401', 'Italian', 3),
	('language', '2303', 'Spanish', 4),
	('language', '1401', 'German', 5),
	('language', '4202', 'Arabic', 6),
	('language', '5201', 'Hindi', 7),
	('language', '6302', 'Vietnamese', 8),
	('language', '6511', 'Tagalog', 9),
	('language', '7101', 'Cantonese', 10),
	('language', '7104', 'Mandarin', 11),
	('language', '2407', 'Maltese', 12),
	('language', '8000', 'Australian Indigenous Languages', 13),
	('language', '9701', 'Auslan', 14),
	('language', '0002', 'Not stated', 15),
	('atsi', 'NO', 'Not Aboriginal or Torres Strait Islander', 0),
	('atsi', 'ABORIGINAL', 'Aboriginal', 1),
	('atsi', 'TSI', 'Torres Strait Islander', 2),
	('atsi', 'BOTH', 'Both Aboriginal and Torres Strait Islander', 3),
	('atsi', 'NOTSTATED', 'Not stated', 4),
	('dva_card_status', 'GOLD', 'Gold card', 0),
	('dva_card_status', 'WHITE', 'White card', 1),
	('dva_card_status', 'ORANGE', 'Orange card', 2),
	('dva_card_status', 'NOCARD', 'No DVA card', 3),
	('dva_card_status', 'NOTSTATED', 'Not stated', 4),
	('accommodation_type', 'OWNED', 'Own home (owned or being purchased)', 0),
	('accommodation_type', 'PRIVATERENTAL', 'Private rental', 1),
	('accommodation_type', 'PUBLICRENTAL', 'Public or community housing rental', 2),
	('accommodation_type', 'RETIREMENT', 'Retirement village or independent living unit', 3),
	('accommodation_type', 'BOARDING', 'Boarding or rooming house', 4),
	('accommodation_type', 'SUPPORTED', 'Supported accommodation', 5),
	('accommodation_type', 'HOMELESS', 'Short-term crisis or no fixed address', 6),
	('accommodation_type', 'NOTSTATED', 'Not stated', 7),
	('household_composition', 'ALONE', 'Lives alone', 0),
	('household_composition', 'FAMILY', 'Lives with family', 1),
	('household_composition', 'OTHERS', 'Lives with others', 2),
	('household_composition', 'NOTSTATED', 'Not stated', 3);
