-- The day planner's jobs and their plans, in the database so that any app server answers for any job: the
-- server that claimed a job runs its search and beats (progress, heartbeat_at) every second; a cancel written by
-- another server is seen at the next beat. One running job per account, whatever the servers do.
CREATE TABLE "day_plan_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" serial NOT NULL,
	"account_id" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"plan" jsonb,
	"message" text,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "day_plan_jobs" ADD CONSTRAINT "day_plan_jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "day_plan_jobs_account_seq_idx" ON "day_plan_jobs" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "day_plan_jobs_finished_idx" ON "day_plan_jobs" USING btree ("finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "day_plan_jobs_one_running_idx" ON "day_plan_jobs" USING btree ("account_id") WHERE "day_plan_jobs"."status" = 'running';
