-- The CRM's reason for a cancelled visit (its cancel code's description, else the code), so the clients list and a
-- client's week can say why a day's meals are not counted. '' when the visit is not cancelled or the CRM gave none;
-- visits synced before this column fill it on their next sync that changes them.
ALTER TABLE "visits" ADD COLUMN "cancel_reason" text DEFAULT '' NOT NULL;
