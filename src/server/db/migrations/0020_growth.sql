CREATE TABLE "row_counts" (
	"table_name" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "row_counts_table_name_shard_pk" PRIMARY KEY("table_name","shard")
);
--> statement-breakpoint
DROP INDEX "withdrawals_status_idx";--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "participant_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "prizes_newest_idx" ON "prizes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by") WHERE "users"."referred_by" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_requested_idx" ON "withdrawals" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","requested_at","id");
--> statement-breakpoint
CREATE FUNCTION count_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_counts (table_name, shard, n)
  SELECT TG_TABLE_NAME, hashtext(id::text) & 15, count(*) FROM added GROUP BY 2
  ON CONFLICT (table_name, shard) DO UPDATE SET n = row_counts.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts c SET n = c.n - r.n
    FROM (SELECT hashtext(id::text) & 15 AS shard, count(*) AS n FROM removed GROUP BY 1) r
   WHERE c.table_name = TG_TABLE_NAME AND c.shard = r.shard;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_counted AFTER INSERT ON users REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_added();
--> statement-breakpoint
CREATE TRIGGER users_uncounted AFTER DELETE ON users REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows_removed();
--> statement-breakpoint
INSERT INTO row_counts (table_name, shard, n)
SELECT 'users', hashtext(id::text) & 15, count(*) FROM users GROUP BY 2;
--> statement-breakpoint
CREATE FUNCTION count_participants_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE prizes p SET participant_count = p.participant_count + a.n
    FROM (SELECT prize_id, count(*) AS n FROM added GROUP BY 1) a WHERE p.id = a.prize_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_participants_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE prizes p SET participant_count = p.participant_count - r.n
    FROM (SELECT prize_id, count(*) AS n FROM removed GROUP BY 1) r WHERE p.id = r.prize_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER prize_entries_counted AFTER INSERT ON prize_entries REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_participants_added();
--> statement-breakpoint
CREATE TRIGGER prize_entries_uncounted AFTER DELETE ON prize_entries REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION count_participants_removed();
--> statement-breakpoint
UPDATE prizes p SET participant_count = (SELECT count(*) FROM prize_entries e WHERE e.prize_id = p.id);
