-- What undoing a CRM write does to its visit locally (a write the CRM refused, or one the user gave up while it
-- waited): the visit gets back the state the write recorded before it was made. One function, so that the outbox
-- can fail a write and undo it in one statement, and giving a write up undoes it the same way.
CREATE FUNCTION "restore_visit_of_write"("write_visit_id" integer, "write_kind" text, "write_previous" jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF "write_kind" = 'visit_times' THEN
		UPDATE "visits"
		SET "start_at" = ("write_previous" ->> 'start')::timestamptz, "end_at" = ("write_previous" ->> 'end')::timestamptz
		WHERE "id" = "write_visit_id";
	ELSIF "write_kind" = 'visit_complete' THEN
		UPDATE "visits" SET "status" = "write_previous" ->> 'status' WHERE "id" = "write_visit_id";
	ELSIF "write_kind" = 'visit_cancel' THEN
		UPDATE "visits"
		SET "status" = "write_previous" ->> 'status',
			"is_hold_cancelled" = ("write_previous" ->> 'isHoldCancelled')::boolean
		WHERE "id" = "write_visit_id";
	END IF;
END
$$;
