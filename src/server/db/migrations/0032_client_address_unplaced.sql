-- A client whose address was looked up and could not be placed on a map: flagged on the client screen and in the
-- import's answer, so someone corrects the address before the round's travel is worked out.
ALTER TABLE "clients" ADD COLUMN "is_address_unplaced" boolean DEFAULT false NOT NULL;
