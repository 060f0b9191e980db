-- What a CRM write of a visit is decided on: the visit's status and its open writes (pending or failed: id, status
-- and lease). Read with the visit's open writes before an outcome is recorded, and again by record_driver_outcome
-- under the visit's lock: when the two differ, the decision was made on a state that is gone.
CREATE FUNCTION "visit_write_state"("p_visit_id" integer)
RETURNS text LANGUAGE sql STABLE AS $$
	SELECT coalesce((SELECT "status" FROM "visits" WHERE "id" = "p_visit_id"), '') || '|' || coalesce(string_agg(
		"id" || ':' || "status" || ':' || coalesce((extract(epoch FROM "lease_until") * 1000)::bigint::text, ''),
		',' ORDER BY "id"), '')
	FROM "source_writes"
	WHERE "visit_id" = "p_visit_id" AND "status" IN ('pending', 'failed');
$$;
--> statement-breakpoint
-- Records a driver's outcome and queues the CRM write decided for it, in one call: one round trip, and the
-- visit's lock (which numbers a visit's writes in commit order, ADR 0028) held for the call alone. In order: the
-- visit is locked; when its write state is no longer `p_expected_state` nothing is written ('stale': decide again);
-- the photo and the outcome are inserted, and a phone id already recorded writes nothing ('duplicate'); the
-- outcome is current when no outcome of the visit is later by (recorded_at, id); then the write (`p_write_kind`
-- null: none; `p_write_if_current`: only when the outcome is current) reuses `p_reuse_write_id`, or supersedes
-- `p_supersede`, sets the visit's status to `p_local_status` (null: unchanged) and is inserted. Each statement of
-- a volatile function reads afresh, so what it reads after the lock includes what the lock waited for. Run inside
-- the caller's transaction when other changes (an alert) must commit with it.
CREATE FUNCTION "record_driver_outcome"("p_account_id" integer, "p_link_id" integer, "p_client_uuid" uuid,
	"p_visit_id" integer, "p_outcome" text, "p_note" text, "p_recorded_at" timestamptz, "p_received_at" timestamptz,
	"p_photo_id" uuid, "p_photo_content_type" text, "p_photo_content" bytea, "p_expected_state" text,
	"p_write_kind" text, "p_write_payload" jsonb, "p_write_previous" jsonb, "p_write_if_current" boolean,
	"p_reuse_write_id" integer, "p_supersede" integer[], "p_local_status" text)
RETURNS TABLE ("result" text, "outcome_id" integer, "is_current" boolean, "write_id" integer)
LANGUAGE plpgsql AS $$
DECLARE
	"v_outcome_id" integer;
	"v_is_current" boolean;
	"v_write_id" integer;
BEGIN
	PERFORM 1 FROM "visits" WHERE "id" = "p_visit_id" FOR UPDATE;
	IF "visit_write_state"("p_visit_id") IS DISTINCT FROM "p_expected_state" THEN
		RETURN QUERY SELECT 'stale'::text, NULL::integer, NULL::boolean, NULL::integer;
		RETURN;
	END IF;
	IF "p_photo_id" IS NOT NULL THEN
		INSERT INTO "driver_photos" ("id", "account_id", "content_type", "content", "created_at")
		VALUES ("p_photo_id", "p_account_id", "p_photo_content_type", "p_photo_content", "p_received_at");
	END IF;
	INSERT INTO "driver_outcomes" ("account_id", "client_uuid", "visit_id", "link_id", "outcome", "note", "photo_id",
		"recorded_at", "received_at")
	VALUES ("p_account_id", "p_client_uuid", "p_visit_id", "p_link_id", "p_outcome", "p_note", "p_photo_id",
		"p_recorded_at", "p_received_at")
	ON CONFLICT DO NOTHING
	RETURNING "id" INTO "v_outcome_id";
	IF "v_outcome_id" IS NULL THEN
		-- Sent twice at once: the other request recorded it; its photo is not kept twice.
		DELETE FROM "driver_photos" WHERE "id" = "p_photo_id";
		RETURN QUERY SELECT 'duplicate'::text, NULL::integer, NULL::boolean, NULL::integer;
		RETURN;
	END IF;
	"v_is_current" := NOT EXISTS (
		SELECT 1 FROM "driver_outcomes"
		WHERE "visit_id" = "p_visit_id" AND ("recorded_at", "id") > ("p_recorded_at", "v_outcome_id"));
	IF "p_write_kind" IS NOT NULL AND ("v_is_current" OR NOT "p_write_if_current") THEN
		IF "p_reuse_write_id" IS NOT NULL THEN
			"v_write_id" := "p_reuse_write_id";
		ELSE
			UPDATE "source_writes" SET "status" = 'superseded', "updated_at" = "p_received_at"
			WHERE "id" = ANY ("p_supersede");
			IF "p_local_status" IS NOT NULL THEN
				UPDATE "visits" SET "status" = "p_local_status" WHERE "id" = "p_visit_id";
			END IF;
			INSERT INTO "source_writes" ("account_id", "visit_id", "kind", "payload", "previous", "next_attempt_at",
				"created_at", "updated_at")
			VALUES ("p_account_id", "p_visit_id", "p_write_kind", "p_write_payload", "p_write_previous", "p_received_at",
				"p_received_at", "p_received_at")
			RETURNING "id" INTO "v_write_id";
		END IF;
	END IF;
	RETURN QUERY SELECT 'recorded'::text, "v_outcome_id", "v_is_current", "v_write_id";
END
$$;
