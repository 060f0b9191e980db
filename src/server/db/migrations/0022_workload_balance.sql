-- The day planner's workload balance per account: how much it evens out the rounds' working time (off, some,
-- strong); existing accounts get the default, some.
ALTER TABLE "accounts" ADD COLUMN "workload_balance" text DEFAULT 'some' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_workload_balance_check" CHECK ("workload_balance" IN ('off', 'some', 'strong'));
