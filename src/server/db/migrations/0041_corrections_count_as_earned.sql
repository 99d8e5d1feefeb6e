-- Entries a correction added now count as earned (DESIGN §13: available never exceeds earned);
-- the corrections made before count too. The leaderboards stay as they were.
UPDATE "users" AS u
SET "total_entries" = u."total_entries" + c.added
FROM (
  SELECT "user_id", sum("amount") AS added
  FROM "ledger_entries"
  WHERE "reason" = 'admin_adjustment' AND "account" = 'entries' AND "amount" > 0
  GROUP BY "user_id"
) AS c
WHERE c."user_id" = u."id";
