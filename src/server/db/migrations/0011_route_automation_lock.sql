-- Runs now hold a session advisory lock for their whole length; a 'running' row is only ever one per account.
-- Before the rule, keep only each account's newest 'running' row (an older one was cut short by a stopped server).
UPDATE "route_automation_runs" AS "run"
SET "status" = 'failed',
	"finished_at" = coalesce("run"."heartbeat_at", "run"."started_at"),
	"errors" = '["The run was interrupted (the server stopped)."]'::jsonb
WHERE "run"."status" = 'running'
	AND EXISTS (
		SELECT 1 FROM "route_automation_runs" AS "newer"
		WHERE "newer"."account_id" = "run"."account_id" AND "newer"."status" = 'running' AND "newer"."id" > "run"."id"
	);--> statement-breakpoint
CREATE UNIQUE INDEX "route_automation_runs_one_running_idx" ON "route_automation_runs" USING btree ("account_id") WHERE "route_automation_runs"."status" = 'running';
