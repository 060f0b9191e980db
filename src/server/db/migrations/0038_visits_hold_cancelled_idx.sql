-- The visits a hold cancelled in the CRM, by account and day. After every refresh of a round's day from the CRM
-- the holds look for the account's future visits a hold cancelled that no hold covers any more: without this
-- index that read every future visit of the account (thousands) to find, almost always, none. Partial, so it
-- holds only those few visits.
CREATE INDEX "visits_hold_cancelled_idx" ON "visits" USING btree ("account_id", "date") WHERE "is_hold_cancelled";
