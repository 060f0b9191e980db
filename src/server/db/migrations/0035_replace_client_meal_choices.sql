-- Replaces a client's meal choices on some dates in one call: one round trip and no open transaction between the
-- app and the database, so the locks its triggers take (the client's row, its client_days, the account's list
-- version) are held for the call alone rather than across several round trips. Each statement of a volatile
-- function reads afresh, so two saves of one client still queue on the client's row and the second replaces what
-- the first wrote. `dates` is a JSON array of YYYY-MM-DD; `choices` a JSON array of objects with date, meal_id,
-- quantity, meal_state, cook_deliver, comment and allergen_override (null when none). Answers false, writing
-- nothing, when the client is not the account's.
CREATE FUNCTION "replace_client_meal_choices"("p_account_id" integer, "p_client_id" integer, "p_dates" jsonb,
	"p_choices" jsonb, "p_now" timestamptz)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "clients" SET "updated_at" = "p_now" WHERE "id" = "p_client_id" AND "account_id" = "p_account_id";
	IF NOT FOUND THEN
		RETURN false;
	END IF;
	DELETE FROM "client_meal_choices"
	WHERE "client_id" = "p_client_id" AND "date" IN (SELECT jsonb_array_elements_text("p_dates"));
	INSERT INTO "client_meal_choices" ("account_id", "client_id", "date", "meal_id", "quantity", "meal_state",
		"cook_deliver", "comment", "allergen_override")
	SELECT "p_account_id", "p_client_id", "choice"."date", "choice"."meal_id", "choice"."quantity",
		"choice"."meal_state", "choice"."cook_deliver", "choice"."comment", "choice"."allergen_override"
	FROM jsonb_to_recordset("p_choices") AS "choice"("date" text, "meal_id" integer, "quantity" integer,
		"meal_state" text, "cook_deliver" text, "comment" text, "allergen_override" text);
	RETURN true;
END
$$;
